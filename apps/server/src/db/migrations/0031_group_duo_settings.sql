-- GitLab Duo settings of a group (issue 29, IE-54): `duo_availability` is GitLab's cascading
-- setting, null meaning "inherit from the parent" (a top-level group without one is default_on;
-- an ancestor's never_on locks the groups below it, resolved by `resolveDuoSettings` in
-- packages/domain). `experiment_features_enabled` is read on top-level groups only, as GitLab.
ALTER TABLE namespaces ADD COLUMN duo_availability text
  CHECK (duo_availability IN ('default_on', 'default_off', 'never_on'));
ALTER TABLE namespaces ADD COLUMN experiment_features_enabled boolean NOT NULL DEFAULT false;
