import { type Selectable, sql } from 'kysely';
import type { Database } from '../../../db/connection';
import { offsetPage } from '../../../db/list-page';
import type { BulkImportsTable } from '../../../db/schema';
import { withTransaction } from '../../../db/with-transaction';
import { notFound, unprocessable } from '../../../errors';
import { canGroup } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import { requireActor } from '../../../policy/require-actor';
import type { ServiceContext } from '../../../service-context';
import { createGroup } from '../../groups';
import { findGroup, fullPathOf, type GroupRow, groupSubject } from '../../namespaces';
import { SourceInstanceError } from '../external-source';
import { insertImportJob, JOB_COLUMNS } from '../import-jobs';
import type { BulkEntity } from './bulk-entity';
import type { BulkImportInput } from './bulk-import-params';
import { sourceInstance } from './source-instance';

export type BulkImportRow = Selectable<BulkImportsTable>;

/**
 * GitLab's direct transfer (`POST /bulk_imports`): checks that the source answers the token for every
 * group asked for, then makes each destination group (with the rules of any new group) and an import
 * job for it that the workers run: the source writes an export, the job downloads and imports it.
 * A source that refuses is a 422 naming why, before anything is made; a destination refused makes
 * nothing either (all groups and jobs are made in one transaction). A `project_entity` brings one
 * project into an existing group the user owns (its job's group; the archive importer administers
 * what it imports into): no group is made, the slug must be free there.
 */
export async function startBulkImport(ctx: ServiceContext, input: BulkImportInput): Promise<BulkImportRow> {
  const actor = requireActor(ctx.actor);
  const { url, access_token: token } = input.configuration;
  const source = sourceInstance(ctx.db, url, token);
  const planned: Array<{
    entity: BulkImportInput['entities'][number];
    group: { name: string; full_path: string };
    parent: GroupRow | undefined;
    slug: string;
  }> = [];
  for (const entity of input.entities) {
    const isProject = entity.source_type === 'project_entity';
    let group: { name: string; full_path: string };
    try {
      group = isProject ? await source.project(entity.source_full_path) : await source.group(entity.source_full_path);
    } catch (error) {
      if (error instanceof SourceInstanceError) throw unprocessable(error.message);
      throw error;
    }
    const parent = entity.destination_namespace
      ? await findGroup(ctx.db, actor, { fullPath: entity.destination_namespace })
      : undefined;
    const slug = entity.destination_slug ?? entity.destination_name ?? group.full_path.split('/').pop() ?? '';
    if (isProject) await checkProjectDestination(ctx, actor, parent, slug);
    planned.push({ entity, group, parent, slug });
  }
  // One transaction: a destination refused (a taken path, no right to create there) makes nothing.
  return withTransaction(ctx.db, async (trx) => {
    const bulk = await trx
      .insertInto('bulk_imports')
      .values({ user_id: actor.id, source_url: url })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const { entity, group, parent, slug } of planned) {
      const project = entity.source_type === 'project_entity' && parent;
      const destination = project
        ? parent
        : await createGroup(trx, actor, { name: group.name, path: slug, ...(parent ? { parent_id: parent.id } : {}) });
      const options: BulkEntity | null = project ? { entity: 'project', destination_slug: slug } : null;
      const job = await insertImportJob(trx, {
        kind: 'gitlab_direct_transfer',
        namespaceId: destination.id,
        createdById: actor.id,
        sourceName: `${url} ${group.full_path}`.slice(0, 255),
        sourceFile: null,
      });
      await trx
        .updateTable('import_jobs')
        .set({
          bulk_import_id: bulk.id,
          source_url: url,
          source_token: token,
          source_full_path: entity.source_full_path,
          source_options: options === null ? null : JSON.stringify(options),
        })
        .where('id', '=', job.id)
        .execute();
    }
    return bulk;
  });
}

/**
 * Where a project alone goes: a group the user owns (GitLab asks for the right to import projects
 * there; here the archive importer administers what it writes into), with the slug free among its
 * projects and subgroups.
 */
async function checkProjectDestination(
  ctx: ServiceContext,
  actor: Actor,
  parent: GroupRow | undefined,
  slug: string,
): Promise<void> {
  if (!parent || !canGroup(actor, 'admin_group', groupSubject(parent))) {
    throw unprocessable('Import failed. The destination group is invalid, or you may not import projects into it.');
  }
  const taken = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('namespace_id', '=', parent.id)
    .where(sql<boolean>`lower(path) = lower(${slug})`)
    .executeTakeFirst();
  const takenByGroup = await ctx.db
    .selectFrom('namespaces')
    .select('id')
    .where('parent_id', '=', parent.id)
    .where(sql<boolean>`lower(path) = lower(${slug})`)
    .executeTakeFirst();
  if (taken || takenByGroup) throw unprocessable(`Import failed. Destination URL ${slug} has already been taken.`);
}

/** A bulk import of the user (administrators see every one); 404 otherwise. */
export async function findBulkImport(db: Database, actor: Actor, id: number): Promise<BulkImportRow> {
  const row = await db
    .selectFrom('bulk_imports')
    .selectAll()
    .where('id', '=', id)
    .$if(!actor.admin, (q) => q.where('user_id', '=', actor.id))
    .executeTakeFirst();
  if (!row) throw notFound('Bulk import');
  return row;
}

export async function listBulkImports(db: Database, actor: Actor, limit: number) {
  return db
    .selectFrom('bulk_imports')
    .selectAll()
    .where('user_id', '=', actor.id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The entities (one import job each) of bulk imports, with their destination's path. */
const entitiesQuery = (db: Database) =>
  db
    .selectFrom('import_jobs as j')
    .leftJoin('namespaces as n', 'n.id', 'j.namespace_id')
    // A project alone (`project_entity`): the project its job made in the group, once made.
    .leftJoin('projects as p', (join) =>
      join
        .onRef('p.namespace_id', '=', 'j.namespace_id')
        .on(sql<boolean>`p.path = j.source_options->>'destination_slug'`),
    )
    .select([
      ...JOB_COLUMNS.map((c) => `j.${c}` as const),
      'j.bulk_import_id',
      'j.source_full_path',
      'j.source_options',
      'p.id as destination_project_id',
      'n.path as destination_slug',
      'n.name as destination_name',
      fullPathOf('n.traversal_ids').as('destination_full_path'),
    ]);

export async function bulkImportEntities(db: Database, bulkImportIds: number[]) {
  if (bulkImportIds.length === 0) return [];
  return entitiesQuery(db).where('j.bulk_import_id', 'in', bulkImportIds).orderBy('j.id').execute();
}

/**
 * GitLab's `GET /bulk_imports/entities`: every group the user brought over, of all their bulk imports
 * (newest first unless `sort` is asc), optionally of one status, a page at a time.
 */
export async function listUserBulkImportEntities(
  db: Database,
  actor: Actor,
  filter: { status?: string | undefined; sort: 'asc' | 'desc'; page: number; perPage: number },
) {
  const mine = db.selectFrom('bulk_imports').select('id').where('user_id', '=', actor.id);
  let rows = entitiesQuery(db).where('j.bulk_import_id', 'in', mine);
  let count = db.selectFrom('import_jobs as j').select(sql<number>`1`.as('one')).where('j.bulk_import_id', 'in', mine);
  if (filter.status) {
    rows = rows.where('j.state', '=', filter.status);
    count = count.where('j.state', '=', filter.status);
  }
  return offsetPage(db, rows.orderBy('j.id', filter.sort), count, filter);
}
