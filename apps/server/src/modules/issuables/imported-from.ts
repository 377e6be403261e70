/** GitLab's import sources (Importable#imported_from); 'none' for items made here. Mirrors the CHECKs (0021, 0048). */
export const IMPORT_SOURCES = [
  'none',
  'gitlab_migration',
  'gitlab_project',
  'github',
  'bitbucket',
  'bitbucket_server',
  'fogbugz',
  'gitea',
  'jira',
  'csv',
  'manifest',
  // Meridian's own: the Redmine importer (migration 0048).
  'redmine',
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The REST pair GitLab answers on issues and epics: `imported` is whether it came from elsewhere. */
export function presentImported(row: { imported_from: string }) {
  return { imported: row.imported_from !== 'none', imported_from: row.imported_from };
}
