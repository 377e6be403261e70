import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/connection';
import { withTransaction } from '../../../db/with-transaction';
import { badRequest, notFound } from '../../../errors';
import { canGroup } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import { requireActor } from '../../../policy/require-actor';
import type { ServiceContext } from '../../../service-context';
import { ArchiveError, openGroupArchive } from '../../group-transfer';
import { createGroup } from '../../groups';
import { type GroupRow, groupSubject } from '../../namespaces';
import { type ImportJobSummary, insertImportJob, JOB_COLUMNS } from '../import-jobs';

export interface GroupImportRequest {
  name: string;
  path: string;
  parent_id?: number;
  /** The archive: a file of this machine (the CLI's, or the API's spooled upload). */
  archivePath: string;
  filename: string;
}

/**
 * GitLab's group import from an export file (`POST /groups/import`, `meridian import group`): the
 * archive is checked whole first (a damaged or hostile one is a 400 naming the problem, and nothing is
 * created), then the new group is made — with the same rules as any new group: top-level groups need
 * the instance's permission, subgroups the parent's `create_subgroup` — and the archive is stored
 * for an import job that any process's worker runs in the background.
 */
export async function startGroupImport(
  ctx: ServiceContext,
  request: GroupImportRequest,
): Promise<{ group: GroupRow; job: ImportJobSummary }> {
  const actor = requireActor(ctx.actor);
  const path = request.archivePath;
  try {
    await openGroupArchive(path);
  } catch (error) {
    if (error instanceof ArchiveError) throw badRequest(`file is invalid: ${error.message}`, 'file');
    throw error;
  }
  const group = await createGroup(ctx.db, actor, {
    name: request.name,
    path: request.path,
    ...(request.parent_id === undefined ? {} : { parent_id: request.parent_id }),
  });
  const key = `group_imports/${group.id}/${randomUUID()}.tar.gz`;
  await ctx.config.files.putFile(key, path, 'application/gzip');
  const job = await withTransaction(ctx.db, (trx) =>
    insertImportJob(trx, {
      kind: 'group_archive',
      namespaceId: group.id,
      createdById: actor.id,
      sourceName: request.filename.slice(0, 255),
      sourceFile: key,
    }),
  );
  return { group, job };
}

/** A group import (an archive's, a Redmine's) into `group`, for who administers it (the importing owners); 404 for anyone else. */
export async function findGroupImportJob(db: Database, actor: Actor, group: GroupRow, jobId: number) {
  if (!canGroup(actor, 'admin_group', groupSubject(group))) throw notFound('Import');
  const job = await db
    .selectFrom('import_jobs')
    .select([...JOB_COLUMNS])
    .where('id', '=', jobId)
    .where('namespace_id', '=', group.id)
    .where('kind', 'in', ['group_archive', 'redmine', 'gitlab_direct_transfer'])
    .executeTakeFirst();
  if (!job) throw notFound('Import');
  return job;
}
