-- To-do items from mentions (issue 12): a to-do may come from a comment, which it points at so the
-- to-do list can quote it and deep-link to it; `body` keeps what the to-do shows (the comment or
-- description, cut), and deleting the comment deletes its to-dos. The target index serves the
-- clean-up when an issue or epic is deleted.
ALTER TABLE todos ADD COLUMN note_id integer REFERENCES notes(id) ON DELETE CASCADE;
ALTER TABLE todos ADD COLUMN body text NOT NULL DEFAULT '' CHECK (length(body) <= 1000);
CREATE INDEX todos_target_idx ON todos (target_type, target_id);
