-- GitLab's Importable#imported_from on issues and epics (IE §2.3, §3: the header's imported badge).
-- 'none' for items made here; the source otherwise. REST and GraphQL answer `imported` as
-- imported_from <> 'none'. The list is GitLab's import sources.
ALTER TABLE issues ADD COLUMN imported_from text NOT NULL DEFAULT 'none'
  CONSTRAINT issues_imported_from_check CHECK (imported_from IN (
    'none', 'gitlab_migration', 'gitlab_project', 'github', 'bitbucket', 'bitbucket_server', 'fogbugz',
    'gitea', 'jira', 'csv', 'manifest'));
ALTER TABLE epics ADD COLUMN imported_from text NOT NULL DEFAULT 'none'
  CONSTRAINT epics_imported_from_check CHECK (imported_from IN (
    'none', 'gitlab_migration', 'gitlab_project', 'github', 'bitbucket', 'bitbucket_server', 'fogbugz',
    'gitea', 'jira', 'csv', 'manifest'));
