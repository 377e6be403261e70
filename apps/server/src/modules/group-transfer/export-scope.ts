import { type RawBuilder, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { keysetBatches } from '../../db/keyset-batches';
import type { DB } from '../../db/schema';

/** Rows read per statement: memory holds one batch of one kind at a time, whatever the group's size. */
export const EXPORT_BATCH = 500;

/**
 * What every kind's reader shares: the snapshot's transaction, the exported group and its
 * subgroups and projects (their full paths, which records refer to: a group has far fewer of these
 * than of issues or notes), and the ids of the users the records mention, which become the users
 * file at the end.
 */
export interface ExportScope {
  db: Transaction<DB>;
  groupId: number;
  /** The ids of the group and its subgroups, as a subquery. */
  groupIds: RawBuilder<number>;
  /** The ids of the projects of the group and its subgroups, as a subquery. */
  projectIds: RawBuilder<number>;
  groupPaths: Map<number, string>;
  projectPaths: Map<number, string>;
  users: Set<number>;
}

export function scopeOf(db: Transaction<DB>, groupId: number): ExportScope {
  const inGroup = sql`traversal_ids @> ARRAY[${groupId}]::int[]`;
  return {
    db,
    groupId,
    groupIds: sql<number>`SELECT id FROM namespaces WHERE type = 'Group' AND ${inGroup}`,
    projectIds: sql<number>`SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.${inGroup}`,
    groupPaths: new Map(),
    projectPaths: new Map(),
    users: new Set(),
  };
}

/** Pages of rows in id order (`db/keyset-batches`): `page(after)` reads the next EXPORT_BATCH rows with an id above `after`. */
export function keysetPages<R extends { id: number }>(page: (after: number) => Promise<R[]>): AsyncGenerator<R[]> {
  return keysetBatches<R, number>(async (after) => {
    const rows = await page(after ?? 0);
    const last = rows[rows.length - 1];
    return { rows, next: last && rows.length >= EXPORT_BATCH ? last.id : null };
  });
}

/** `query`'s rows, EXPORT_BATCH at a time in the order of its `id` column (an aliased `x.id`), which it must select as `id`. */
export function queryPages<D, TB extends keyof D, O extends { id: number }>(
  query: SelectQueryBuilder<D, TB, O>,
  id: `${string}.id`,
): AsyncGenerator<O[]> {
  return keysetPages((after) =>
    query
      .where(sql<boolean>`${sql.ref(id)} > ${after}`)
      .orderBy(sql.ref(id))
      .limit(EXPORT_BATCH)
      .execute(),
  );
}

/** A timestamp column as ISO 8601 (PostgreSQL and PGlite both hand `Date`s over). */
export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** A path the scope knows: a row of the group refers to a group or project outside it only through links it has not. */
export function pathOf(paths: Map<number, string>, id: number | null): string | null {
  return id === null ? null : (paths.get(id) ?? null);
}

/** Notes the user ids a record mentions, for the users file; answers the username to write. */
export function mention(scope: ExportScope, id: number | null, username: string | null): string | null {
  if (id !== null && username !== null) scope.users.add(id);
  return id === null ? null : username;
}

/** `rows` grouped by `key`, each group's values in row order: a page's details looked up per row. */
export function groupedBy<R, V>(rows: readonly R[], key: (row: R) => number, value: (row: R) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
