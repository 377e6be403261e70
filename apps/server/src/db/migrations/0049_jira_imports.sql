-- Jira imports (issue 32): Jira's CSV export and its JSON issue format (the REST API's search answer)
-- imported into a project as import jobs of two new kinds. The job keeps the mapping the user saw and
-- edited before the start (issue types → Meridian kinds, statuses → open or closed) in
-- source_options (migration 0048), so every run of the job (a resume after a crash included) maps the
-- file the same way.
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_kind_check;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_kind_check
  CHECK (kind IN ('csv_issues', 'group_archive', 'gitlab_direct_transfer', 'redmine', 'jira_csv', 'jira_json'));
