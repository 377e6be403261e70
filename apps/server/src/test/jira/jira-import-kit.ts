import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimImportJob } from '../../modules/imports/import-jobs';
import { runClaimedJob } from '../../modules/imports/import-runner';
import { importerOf } from '../../modules/imports/importers';
import { multipartBody } from '../multipart-body';
import type { RestTestApp } from '../rest-test-app';

/** What the Jira import's test files share: the samples, the multipart upload, and running the queued jobs. */

export const JIRA_CSV_SAMPLE = readFileSync(join(import.meta.dirname, 'jira-issues.csv'));
export const JIRA_JSON_SAMPLE = readFileSync(join(import.meta.dirname, 'jira-search.json'));

// biome-ignore lint/suspicious/noExplicitAny: any test app's groups and projects
type AnyRestTestApp = RestTestApp<any, any>;

/** A multipart POST of `file` (and text `fields`) to `/api/v4<url>`, as `who` (a user of the app, or anonymous). */
export function jiraUpload(
  t: AnyRestTestApp,
  url: string,
  who: string | undefined,
  file: Buffer,
  filename: string,
  fields: Record<string, string> = {},
) {
  const body = multipartBody({ ...fields, file: { filename, data: file } });
  return t.app.inject({
    method: 'POST',
    url: `/api/v4${url}`,
    headers: { ...body.headers, ...(who ? { 'private-token': t.tok[who] ?? '' } : {}) },
    payload: body.payload,
  });
}

/** Runs the queued jobs as one more process would (`maxBatches`: as if killed after that many commits). */
export async function runJiraJobs(
  t: AnyRestTestApp,
  workerId: string,
  options: { maxBatches?: number; batchSize?: number } = {},
) {
  const results: string[] = [];
  for (;;) {
    const job = await claimImportJob(t.db, workerId);
    if (!job) return results;
    results.push(await runClaimedJob({ db: t.db, config: t.ctx.services, workerId, importerOf }, job, options));
    if (options.maxBatches !== undefined) return results;
  }
}
