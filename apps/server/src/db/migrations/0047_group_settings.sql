-- A group's GitLab settings that mean something in Meridian (issue 29: `PUT /groups/:id` accepts
-- every group setting the web app uses), in GitLab's names and values:
-- - `emails_enabled`: false stops the notification emails of everything in the group and the
--   groups below it (GitLab's cascading `emails_disabled`: any ancestor's false wins);
-- - `project_creation_level`: who may create projects in the group (GitLab's `noone`, `owner`,
--   `maintainer`, `developer`, `administrator`), default `developer` as GitLab's instance default;
-- - `subgroup_creation_level`: who may create subgroups (`owner` or `maintainer`), default
--   `maintainer`, the rule Meridian applied before the setting existed.
-- The policy reads the two levels (`policy/abilities.ts`); notifications read `emails_enabled`.
ALTER TABLE namespaces ADD COLUMN emails_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE namespaces ADD COLUMN project_creation_level text NOT NULL DEFAULT 'developer'
  CHECK (project_creation_level IN ('noone', 'owner', 'maintainer', 'developer', 'administrator'));
ALTER TABLE namespaces ADD COLUMN subgroup_creation_level text NOT NULL DEFAULT 'maintainer'
  CHECK (subgroup_creation_level IN ('owner', 'maintainer'));

-- GitLab 19.1's `always_on` GitLab Duo availability: on, and locked on for every group below (the
-- counterpart of `never_on`), chosen on top-level groups.
ALTER TABLE namespaces DROP CONSTRAINT namespaces_duo_availability_check;
ALTER TABLE namespaces ADD CONSTRAINT namespaces_duo_availability_check
  CHECK (duo_availability IN ('default_on', 'default_off', 'never_on', 'always_on'));
