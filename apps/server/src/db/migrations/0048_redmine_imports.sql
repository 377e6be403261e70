-- Imports from Redmine (issue 32): a new import job kind whose source is a Redmine's REST API (its
-- URL in source_url, the API key in source_token, dropped when the job ends), and what the job reads
-- there: the projects chosen (their identifiers) and the work item type each tracker becomes, shown
-- and editable before the import starts. Issues and epics imported from Redmine say so (the badge).
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_kind_check;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_kind_check
  CHECK (kind IN ('csv_issues', 'group_archive', 'gitlab_direct_transfer', 'redmine'));
-- What an import runs with besides its source, written once by the start: Redmine's projects and
-- tracker mapping ({"projects": ["acme"], "trackers": {"1": "issue", "4": "epic"}}), Jira's mapping.
ALTER TABLE import_jobs ADD COLUMN source_options jsonb
  CHECK (source_options IS NULL OR octet_length(source_options::text) <= 1048576);

ALTER TABLE issues DROP CONSTRAINT issues_imported_from_check;
ALTER TABLE issues ADD CONSTRAINT issues_imported_from_check CHECK (imported_from IN (
  'none', 'gitlab_migration', 'gitlab_project', 'github', 'bitbucket', 'bitbucket_server', 'fogbugz',
  'gitea', 'jira', 'csv', 'manifest', 'redmine'));
ALTER TABLE epics DROP CONSTRAINT epics_imported_from_check;
ALTER TABLE epics ADD CONSTRAINT epics_imported_from_check CHECK (imported_from IN (
  'none', 'gitlab_migration', 'gitlab_project', 'github', 'bitbucket', 'bitbucket_server', 'fogbugz',
  'gitea', 'jira', 'csv', 'manifest', 'redmine'));
