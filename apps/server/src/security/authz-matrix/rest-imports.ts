/**
 * Issue 32's CSV issue import, at every project path depth. The uploads need a multipart file and the
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
];
