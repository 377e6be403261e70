-- Who last edited a note and when (GitLab's `last_edited_at` and `updated_by_id`, read by its notes
-- front end as `lastEditedAt` / `lastEditedBy`): `updated_at` also moves on other writes, so an edit
-- is recorded on its own. Null for notes never edited.
ALTER TABLE notes ADD COLUMN last_edited_at timestamptz;
ALTER TABLE notes ADD COLUMN updated_by_id integer REFERENCES users(id) ON DELETE SET NULL;
