import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../db/connection';
import type { ServiceConfig } from '../../../service-context';
import { SourceInstanceError } from '../external-source';
import { type ImportJobRow, renewLease } from '../import-jobs';
import { keepSourceArchive } from './keep-source-archive';
import { sourceInstance } from './source-instance';

/** How long the source may take to write its export, and how often it is asked. */
export const EXPORT_WAIT_MS = 30 * 60 * 1000;
const EXPORT_POLL_MS = 1_000;

/**
 * The direct transfer's first step: asks the source instance for a fresh export of the group, waits
 * for it (keeping the job's lease), and keeps the archive in the file store, named on the job, so a
 * resumed job imports the very same archive. Answers the job with its archive.
 */
export async function fetchSourceArchive(
  job: ImportJobRow,
  deps: { db: Database; config: ServiceConfig; pollMs?: number },
): Promise<ImportJobRow> {
  const { db, config } = deps;
  if (!job.source_url || !job.source_token || !job.source_full_path || job.namespace_id === null) {
    throw new SourceInstanceError('The import has no source instance, token or group.');
  }
  const source = sourceInstance(db, job.source_url, job.source_token);
  await source.startExport(job.source_full_path);
  const dir = await mkdtemp(join(tmpdir(), 'meridian-direct-transfer-'));
  try {
    const path = join(dir, 'archive.tar.gz');
    const deadline = Date.now() + EXPORT_WAIT_MS;
    while (!(await source.download(job.source_full_path, path))) {
      if (Date.now() > deadline) throw new SourceInstanceError('the source instance did not write the export in time');
      if (job.claimed_by && !(await renewLease(db, job.id, job.claimed_by))) {
        throw new SourceInstanceError('another worker took the import over');
      }
      await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? EXPORT_POLL_MS));
    }
    return await keepSourceArchive(db, config, job, path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
