import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/connection';
import type { ServiceConfig } from '../../../service-context';
import type { ImportJobRow } from '../import-jobs';

/**
 * Keeps the archive a direct transfer fetched (a Meridian's export, or a GitLab's relations packed as
 * one) in the file store and names it on the job, so a resumed job imports the very same records
 * without asking the source again. Answers the job as it now is.
 */
export async function keepSourceArchive(
  db: Database,
  config: ServiceConfig,
  job: ImportJobRow,
  path: string,
): Promise<ImportJobRow> {
  const key = `group_imports/${job.namespace_id}/${randomUUID()}.tar.gz`;
  await config.files.putFile(key, path, 'application/gzip');
  return db
    .updateTable('import_jobs')
    .set({ source_file: key })
    .where('id', '=', job.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
