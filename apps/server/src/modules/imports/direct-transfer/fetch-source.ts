import type { Database } from '../../../db/connection';
import type { ServiceConfig } from '../../../service-context';
import { DEFAULT_ARCHIVE_LIMITS } from '../../group-transfer';
import { SourceInstanceError } from '../external-source';
import type { ImportJobRow } from '../import-jobs';
import { bulkEntityOf } from './bulk-entity';
import { fetchSourceArchive } from './fetch-source-archive';
import { fetchSourceRelations } from './gitlab-relations/fetch-source-relations';
import { relationsClient } from './gitlab-relations/relations-client';

/**
 * The direct transfer's first step, by what the source speaks: GitLab's bulk import protocol (the
 * relation exports, `POST /groups/:id/export_relations` answered 202) is used whenever the source
 * offers it; a source that answers 404 there (a Meridian, which serves its own group archive) is
 * asked for its archive instead. Either way the job ends up with an archive in the file store. A
 * project alone (`project_entity`) is read over the relation protocol only.
 */
export async function fetchSource(
  job: ImportJobRow,
  deps: { db: Database; config: ServiceConfig; pollMs?: number },
): Promise<ImportJobRow> {
  if (!job.source_url || !job.source_token || !job.source_full_path || job.namespace_id === null) {
    throw new SourceInstanceError('The import has no source instance, token or group.');
  }
  const client = relationsClient(
    deps.db,
    job.source_url,
    job.source_token,
    DEFAULT_ARCHIVE_LIMITS.maxUncompressedBytes,
  );
  if (bulkEntityOf(job).entity === 'project') {
    // A project alone: only over the relation protocol (a Meridian source exports whole groups).
    const project = await client.project(job.source_full_path);
    if (!(await client.startExport('projects', project.id))) {
      throw new SourceInstanceError('the source instance does not export single projects (export_relations)');
    }
    return fetchSourceRelations(job, deps, client, { project });
  }
  const root = await client.group(job.source_full_path);
  if (!(await client.startExport('groups', root.id))) return fetchSourceArchive(job, deps);
  return fetchSourceRelations(job, deps, client, { group: root });
}
