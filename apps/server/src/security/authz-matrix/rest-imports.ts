/**
 * Issue 32's imports: the CSV issue import, at every project path depth, the group import, the
 * direct transfer and the Jira import. The uploads need a multipart file and the
 * jobs exist only after one, which the matrix's bundles have neither of: who may import (Planner,
 * Developer and up), 404 for Reporters, outsiders and hidden projects, 401 for anonymous callers, and
 * the job views are attacked in modules/imports/import-csv.rest.test.ts.
 */
export const importOutOfScopePatterns: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^POST \/:s0\/[:s\d/]+-\/issues\/import_csv(\/preview)?$/,
    reason: 'CSV issue import and its preview (a multipart file): attacked in modules/imports/import-csv.rest.test.ts',
  },
  {
    pattern: /^GET \/:s0\/[:s\d/]+-\/import_jobs\/:import_job_id(\/skipped)?$/,
    reason: "an import job's progress and skip report: attacked in modules/imports/import-csv.rest.test.ts",
  },
  {
    pattern: /^POST \/api\/v4\/groups\/import$/,
    reason:
      'group import from an archive (a multipart file; signed in, then the rules of a new group): attacked in modules/imports/group-archive/group-import.rest.test.ts',
  },
  {
    pattern: /^GET \/api\/v4\/groups\/:id\/import_jobs\/:import_job_id(\/skipped)?$/,
    reason:
      "a group import's progress and report, for the group's owners (404 others): attacked in modules/imports/group-archive/group-import.rest.test.ts",
  },
  {
    pattern: /^POST \/api\/v4\/projects\/:id\/import\/(jira_csv|jira_json|jira\/preview)$/,
    reason:
      'Jira import and its mapping preview (a multipart file; Maintainer and up, 404 others): attacked in modules/imports/jira/jira-import.rest.test.ts',
  },
  {
    pattern: /^GET \/api\/v4\/projects\/:id\/import_jobs\/:import_job_id(\/skipped)?$/,
    reason:
      "a project's import job and its report, for who may import issues there (404 others): attacked in modules/imports/jira/jira-import.rest.test.ts",
  },
  {
    pattern: /^POST \/api\/v4\/groups\/:id\/import\/redmine(\/preview)?$/,
    reason:
      "a Redmine import and its mapping preview (they read a Redmine first), for the group's owners: attacked in modules/imports/redmine/redmine.real.test.ts",
  },
  {
    pattern: /^(POST|GET) \/api\/v4\/bulk_imports$/,
    reason:
      "direct transfer from another instance, the caller's own bulk imports only: attacked in modules/imports/direct-transfer/bulk-imports.rest.test.ts",
  },
  {
    pattern: /^GET \/api\/v4\/bulk_imports\/entities$/,
    reason:
      "every group the caller brought over, the caller's own bulk imports only (another user sees none): attacked in modules/imports/direct-transfer/bulk-imports.rest.test.ts",
  },
  {
    pattern: /^POST \/api\/v4\/bulk_imports\/source_groups$/,
    reason:
      "a source instance's groups as the caller's token there sees them (signed in; reads nothing of this instance; the source through the SSRF guard): attacked in modules/imports/direct-transfer/source-groups.rest.test.ts",
  },
  {
    pattern: /^GET \/api\/v4\/bulk_imports\/:id(\/entities)?$/,
    reason:
      "a bulk import and its groups, the caller's own only (404 others): attacked in modules/imports/direct-transfer/bulk-imports.rest.test.ts",
  },
  {
    pattern: /^(GET|POST) \/api\/v4\/groups\/:id\/placeholder_reassignments$/,
    reason:
      "placeholder reassignments' CSV (a multipart file to POST), for the top-level group's Owners (401, 404 who cannot see it, 403 others): attacked in modules/imports/source-users/source-users.rest.test.ts",
  },
  {
    pattern: /^(GET \/-\/import\/source_users\/:id|POST \/-\/import\/source_users\/:id\/(accept|decline))$/,
    reason:
      'a reassignment request, only for the user asked (404 everyone else; exists only after an import with placeholders): attacked in modules/imports/source-users/source-users.rest.test.ts',
  },
];
