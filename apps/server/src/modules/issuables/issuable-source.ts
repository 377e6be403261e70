import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';

export type Condition = RawBuilder<boolean>;

/** Aliases of an issuable row, its project and the project's namespace in one query. */
export interface IssuableAliases {
  i: string;
  p: string;
  n: string;
}

/**
 * What the issue and merge request lists share: the row table (aliased `i` or `mr`, joined to its
 * project `p` and that project's namespace `n`) and the SQL twin of "may read this row".
 */
export interface IssuableSource {
  table: 'issues' | 'merge_requests';
  alias: 'i' | 'mr';
  readable: (actor: Actor | null, aliases: IssuableAliases) => Condition;
}

/** What an issue or merge request row carries from its project `p` and namespace `n` (for policy and presenters). */
export interface IssuableProjectColumns {
  project_path: string;
  namespace_id: number;
  namespace_traversal_ids: number[];
  project_visibility_level: number;
}

/** The select list of IssuableProjectColumns over the aliases `p` and `n`. */
export const issuableProjectColumns = [
  'p.path as project_path',
  'p.namespace_id as namespace_id',
  'n.traversal_ids as namespace_traversal_ids',
  'p.visibility_level as project_visibility_level',
] as const;

/** Every condition at once (`true` for none). */
export function allOf(conditions: Condition[]): Condition {
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` AND `)})` : sql<boolean>`true`;
}

/** `<table> <alias>` joined to its project `p` and namespace `n`, with `alias` as given. */
function joined(source: IssuableSource, alias: string, p: string, n: string) {
  return sql`${sql.table(source.table)} ${sql.raw(alias)}
    JOIN projects ${sql.raw(p)} ON ${sql.ref(`${p}.id`)} = ${sql.ref(`${alias}.project_id`)}
    JOIN namespaces ${sql.raw(n)} ON ${sql.ref(`${n}.id`)} = ${sql.ref(`${p}.namespace_id`)}`;
}

/** The list's rows as `SELECT 1`, without order: what cappedCount counts. */
export function countableRows(source: IssuableSource, where: Condition) {
  return sql`SELECT 1 FROM ${joined(source, source.alias, 'p', 'n')} WHERE ${where}`;
}

/**
 * Rows strictly after the cursor row in the list's order (created_at or updated_at, then id).
 * The cursor row is looked up among rows the actor may read, so a hidden id is no time oracle.
 */
export function afterCursor(
  source: IssuableSource,
  actor: Actor | null,
  order: { orderBy?: string; sort?: 'asc' | 'desc' },
  cursorId: number,
): Condition {
  const column = order.orderBy === 'updated_at' ? 'updated_at' : 'created_at';
  const op = order.sort === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql<boolean>`(${sql.ref(`${source.alias}.${column}`)}, ${sql.ref(`${source.alias}.id`)}) ${op}
    (SELECT ${sql.ref(`c.${column}`)}, c.id FROM ${joined(source, 'c', 'cp', 'cn')}
     WHERE c.id = ${cursorId} AND ${source.readable(actor, { i: 'c', p: 'cp', n: 'cn' })})`;
}

/** The cursor's row exists and the actor may read it: one statement, `SELECT 1` or nothing. */
export async function cursorRowReadable(
  db: Parameters<RawBuilder<unknown>['execute']>[0],
  source: IssuableSource,
  actor: Actor | null,
  cursorId: number,
): Promise<boolean> {
  const result = await sql`SELECT 1 FROM ${joined(source, 'c', 'cp', 'cn')}
    WHERE c.id = ${cursorId} AND ${source.readable(actor, { i: 'c', p: 'cp', n: 'cn' })}`.execute(db);
  return result.rows.length > 0;
}

/** Issues `i` joined to their project `p` and its namespace `n`: what issue queries select from. */
export function issuesWithProject(db: Executor) {
  return db
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id');
}

/** Merge requests `mr` joined to their project `p` and its namespace `n`: what merge request queries select from. */
export function mergeRequestsWithProject(db: Executor) {
  return db
    .selectFrom('merge_requests as mr')
    .innerJoin('projects as p', 'p.id', 'mr.project_id')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id');
}
