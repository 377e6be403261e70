import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/connection';
import type { Executor } from '../../../db/executor';
import type { ImportJobRow } from '../import-jobs';
import type { Importer, ItemOutcome, SourceItem } from '../importer';

/**
 * One kind of contribution a placeholder can hold in the group's tree: the tables the archive importer
 * writes people into (`group-archive/`), each column once. `unique` names the columns that, with the
 * user's, make a row unique: the placeholder's row goes when the real user already has that one.
 */
interface Contribution {
  table: string;
  column: string;
  /** The rows of the top-level group's tree (`$tree_projects`, `$tree_groups` are the tree's ids). */
  inTree: string;
  unique?: string[];
}

const PROJECTS = 'SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.traversal_ids[1] = $1';
const GROUPS = 'SELECT id FROM namespaces WHERE traversal_ids[1] = $1';
const ISSUES = `SELECT id FROM issues WHERE project_id IN (${PROJECTS})`;
const EPICS = `SELECT id FROM epics WHERE group_id IN (${GROUPS})`;
const NOTES = `SELECT id FROM notes WHERE project_id IN (${PROJECTS}) OR group_id IN (${GROUPS})`;

export const CONTRIBUTIONS: Contribution[] = [
  ...['author_id', 'closed_by_id', 'updated_by_id'].map((column) => ({
    table: 'issues',
    column,
    inTree: `project_id IN (${PROJECTS})`,
  })),
  { table: 'issue_assignees', column: 'user_id', inTree: `issue_id IN (${ISSUES})`, unique: ['issue_id'] },
  { table: 'timelogs', column: 'user_id', inTree: `issue_id IN (${ISSUES})` },
  ...['author_id', 'closed_by_id', 'updated_by_id'].map((column) => ({
    table: 'epics',
    column,
    inTree: `group_id IN (${GROUPS})`,
  })),
  ...['author_id', 'resolved_by_id', 'updated_by_id'].map((column) => ({
    table: 'notes',
    column,
    inTree: `project_id IN (${PROJECTS}) OR group_id IN (${GROUPS})`,
  })),
  ...['author_id', 'merge_user_id'].map((column) => ({
    table: 'merge_requests',
    column,
    inTree: `project_id IN (${PROJECTS})`,
  })),
  {
    table: 'award_emoji',
    column: 'user_id',
    inTree: `(awardable_type = 'Issue' AND awardable_id IN (${ISSUES})) OR (awardable_type = 'Epic' AND awardable_id IN (${EPICS})) OR (awardable_type = 'Note' AND awardable_id IN (${NOTES}))`,
    unique: ['awardable_type', 'awardable_id', 'name'],
  },
  { table: 'group_members', column: 'user_id', inTree: `group_id IN (${GROUPS})`, unique: ['group_id'] },
  { table: 'project_members', column: 'user_id', inTree: `project_id IN (${PROJECTS})`, unique: ['project_id'] },
];

const keyOf = (c: Contribution) => `${c.table}.${c.column}`;
const BY_KEY = new Map(CONTRIBUTIONS.map((c) => [keyOf(c), c]));

/** The statement with `$1` (the top-level group), `$2` (the placeholder) and `$3` (the real user) bound. */
function bound(text: string, rootId: number, from: number, to: number): RawBuilder<unknown> {
  const values: Record<string, number> = { $1: rootId, $2: from, $3: to };
  const parts = text.split(/(\$[123])/);
  return sql.join(
    parts.map((part) => (part in values ? sql`${values[part]}` : sql.raw(part))),
    sql``,
  );
}

/**
 * Moves one kind of contribution from the placeholder to the real user, in the top-level group's tree:
 * the rows the real user already has (an assignee twice, the same emoji twice) are dropped first.
 * Idempotent: run again, it finds nothing of the placeholder's. Answers the rows moved.
 */
export async function moveContribution(
  db: Executor,
  contribution: Contribution,
  rootId: number,
  from: number,
  to: number,
): Promise<number> {
  const { table, column, inTree, unique } = contribution;
  if (unique) {
    const same = unique.map((u) => `t.${u} = mine.${u}`).join(' AND ');
    await sql`${bound(
      `DELETE FROM ${table} mine WHERE mine.${column} = $2 AND (${inTree}) AND EXISTS (SELECT 1 FROM ${table} t WHERE t.${column} = $3 AND ${same})`,
      rootId,
      from,
      to,
    )}`.execute(db);
  }
  const result = await sql`${bound(
    `UPDATE ${table} SET ${column} = $3 WHERE ${column} = $2 AND (${inTree})`,
    rootId,
    from,
    to,
  )}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

interface Reassignment {
  id: number;
  rootId: number;
  placeholderId: number;
  userId: number;
}

async function reassignmentOf(db: Executor, job: ImportJobRow): Promise<Reassignment> {
  const row = await db
    .selectFrom('import_source_users')
    .select(['id', 'namespace_id', 'placeholder_user_id', 'reassign_to_user_id', 'status'])
    .where('id', '=', job.import_source_user_id ?? 0)
    .executeTakeFirst();
  if (!row || row.placeholder_user_id === null || row.reassign_to_user_id === null)
    throw new Error('The source user to reassign is gone.');
  return {
    id: row.id,
    rootId: row.namespace_id,
    placeholderId: row.placeholder_user_id,
    userId: row.reassign_to_user_id,
  };
}

/**
 * The job that moves an accepted reassignment's contributions (`source_user_reassignment`): one item
 * per kind of contribution, each batch (one kind: `batchSize` 1) in its own transaction with the job's
 * lease, so a crash loses at most the kind in flight, which the next run moves again. When the job
 * ends the source user is `completed` (or `failed` with the reason); the placeholder stays blocked.
 */
export const reassignmentImporter: Importer<Contribution, Reassignment> = {
  batchSize: 1,
  async open() {
    return {
      totals: () => ({ contributions: CONTRIBUTIONS.length }),
      async *batches(size: number) {
        const items: SourceItem<Contribution>[] = CONTRIBUTIONS.map((c) => ({
          kind: 'contributions',
          sourceId: keyOf(c),
          data: c,
        }));
        for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
      },
    };
  },
  prepare: (ctx, job) => reassignmentOf(ctx.db, job),
  async importItem(ctx, _job, item, r): Promise<ItemOutcome> {
    const contribution = BY_KEY.get(item.sourceId) ?? item.data;
    const moved = await moveContribution(ctx.db, contribution, r.rootId, r.placeholderId, r.userId);
    return { created: moved };
  },
  async finished(db: Database, job: ImportJobRow, state: 'finished' | 'failed', error?: string) {
    const r = await reassignmentOf(db, job).catch(() => undefined);
    if (!r) return;
    await db
      .updateTable('import_source_users')
      .set(
        state === 'finished'
          ? { status: 'completed', user_id: r.userId, reassignment_error: null, updated_at: sql<Date>`now()` }
          : {
              status: 'failed',
              reassignment_error: (error ?? 'unknown error').slice(0, 1000),
              updated_at: sql<Date>`now()`,
            },
      )
      .where('id', '=', r.id)
      .where('status', '=', 'reassignment_in_progress')
      .execute();
  },
};
