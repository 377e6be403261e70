-- Reassigning placeholder users (issue 32, GitLab 17's user contribution mapping): an Owner of the
-- top-level group an import went into asks a user here to take over what a person of the source did;
-- the user accepts or rejects, and on acceptance an import job moves the placeholder's contributions in
-- that group's tree to them, in batches, resumable after a crash. The statuses are GitLab's
-- (Import::SourceUser): rows matched to a user at import time are `completed` (reassigned at once),
-- placeholders wait in `pending_reassignment`.
ALTER TABLE import_source_users DROP CONSTRAINT import_source_users_status_check;
UPDATE import_source_users SET status = CASE status WHEN 'matched' THEN 'completed' ELSE 'pending_reassignment' END;
ALTER TABLE import_source_users ADD CONSTRAINT import_source_users_status_check CHECK (status IN (
  'pending_reassignment', 'awaiting_approval', 'reassignment_in_progress', 'completed', 'failed',
  'keep_as_placeholder', 'rejected'));
-- The placeholder user created for the person, kept for history (null when they were matched at import).
ALTER TABLE import_source_users ADD COLUMN placeholder_user_id integer REFERENCES users(id) ON DELETE SET NULL;
UPDATE import_source_users s SET placeholder_user_id = s.user_id
  FROM users u WHERE u.id = s.user_id AND u.placeholder;
-- Who is asked to take the contributions over, who asked, and when.
ALTER TABLE import_source_users ADD COLUMN reassign_to_user_id integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE import_source_users ADD COLUMN reassigned_by_user_id integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE import_source_users ADD COLUMN reassignment_requested_at timestamptz;
ALTER TABLE import_source_users ADD COLUMN reassignment_error text CHECK (length(reassignment_error) <= 1000);
ALTER TABLE import_source_users ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX import_source_users_namespace_idx ON import_source_users (namespace_id, status, id);
CREATE INDEX import_source_users_reassign_to_idx ON import_source_users (reassign_to_user_id)
  WHERE reassign_to_user_id IS NOT NULL;

-- The reassignment is an import job of its own kind, run by every process's import worker with the
-- jobs' lease: one item per kind of contribution, moved in the batch's transaction.
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_kind_check;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_kind_check
  CHECK (kind IN ('csv_issues', 'group_archive', 'gitlab_direct_transfer', 'redmine', 'jira_csv', 'jira_json',
    'source_user_reassignment'));
ALTER TABLE import_jobs ADD COLUMN import_source_user_id integer REFERENCES import_source_users(id) ON DELETE CASCADE;
CREATE INDEX import_jobs_source_user_idx ON import_jobs (import_source_user_id) WHERE import_source_user_id IS NOT NULL;
