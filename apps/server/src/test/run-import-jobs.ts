import { claimImportJob, importerOf, runClaimedJob } from '../modules/imports';
import type { TestApp } from './harness';

/**
 * Runs the queued import jobs as one more process would, answering how each run ended (`maxBatches`: as
 * if killed after that many commits; `leaseSeconds` 0: a dead process's lease is taken at once).
 */
export async function runImportJobs(
  t: Pick<TestApp, 'db' | 'ctx'>,
  workerId: string,
  options: { maxBatches?: number; leaseSeconds?: number; batchSize?: number } = {},
) {
  const results: string[] = [];
  for (;;) {
    const job = await claimImportJob(t.db, workerId, { leaseSeconds: options.leaseSeconds ?? 60 });
    if (!job) return results;
    results.push(await runClaimedJob({ db: t.db, config: t.ctx.services, workerId, importerOf }, job, options));
    if (options.maxBatches !== undefined) return results;
  }
}
