-- When and by whom an issue's or epic's title or description was last edited (GitLab's
-- `last_edited_at` / `last_edited_by_id`, read by its work item description widget as
-- `lastEditedAt` / `lastEditedBy`): `updated_by_id` moves on every write, so the text edit is
-- recorded on its own. Null when the text was never edited.
ALTER TABLE issues ADD COLUMN last_edited_at timestamptz;
ALTER TABLE issues ADD COLUMN last_edited_by_id integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE epics ADD COLUMN last_edited_at timestamptz;
ALTER TABLE epics ADD COLUMN last_edited_by_id integer REFERENCES users(id) ON DELETE SET NULL;
