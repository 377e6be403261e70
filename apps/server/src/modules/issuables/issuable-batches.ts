import { type RawBuilder, sql } from 'kysely';
import { keysetBatches } from '../../db/keyset-batches';
import { allOf, type Condition, type IssuableSource } from './issuable-source';

/** The SQL type of an order key: a key read back as text is cast to it, whatever the driver. */
export type OrderKeyType = 'timestamptz' | 'date' | 'text' | 'int' | 'bigint';

/** A list's order: its keys (as `issuableOrderBy` sorts them, NULLS LAST) then the row id. */
export interface IssuableOrder {
  sort?: 'asc' | 'desc';
  keys: Array<{ expression: RawBuilder<unknown>; type: OrderKeyType }>;
  /** Every key is a NOT NULL column (`isNotNullOrder`): batches then start with one row comparison. */
  notNull?: boolean;
}

/** Where the last row of a batch sits in the list's order: its order keys as text (null kept) and its id. */
export interface BatchPosition {
  keys: Array<string | null>;
  id: number;
}

/**
 * The order keys of a row as text, selected beside it (`order_key_0`, …): text keeps a timestamp's
 * microseconds, which a JS Date would lose and so skip or repeat rows at a batch boundary.
 */
export function orderKeyColumns(order: IssuableOrder) {
  return order.keys.map(({ expression }, k) => sql<string | null>`(${expression})::text`.as(`order_key_${k}`));
}

/** The position of a row selected with `orderKeyColumns`. */
export function batchPositionOf(row: { id: number } & Record<string, unknown>, order: IssuableOrder): BatchPosition {
  return {
    keys: order.keys.map((_, k) => (row[`order_key_${k}`] ?? null) as string | null),
    id: row.id,
  };
}

/**
 * Rows strictly after `position` in the list's order (keyset batches over any order, not only the
 * keyset-paginated ones): (k0, …, id) compared lexicographically, each key NULLS LAST as
 * `issuableOrderBy` sorts them.
 */
export function afterPosition(source: IssuableSource, order: IssuableOrder, position: BatchPosition): Condition {
  const op = sql.raw(order.sort === 'asc' ? '>' : '<');
  const id = sql.ref(`${source.alias}.id`);
  if (order.notNull && position.keys.every((key) => key !== null)) {
    // (k0, …, id) < (v0, …, id) as one row comparison: the index (k0, …, id) bounds the scan; the
    // OR form below, needed for NULL keys, made PostgreSQL filter every row of each project's index.
    const keys = order.keys.map(({ type }, k) => sql`CAST(${position.keys[k]}::text AS ${sql.raw(type)})`);
    const columns = order.keys.map(({ expression }) => expression);
    return sql<boolean>`(${sql.join([...columns, id])}) ${op} (${sql.join([...keys, sql`${position.id}`])})`;
  }
  let after: Condition = sql<boolean>`${id} ${op} ${position.id}`;
  for (let k = order.keys.length - 1; k >= 0; k--) {
    const { expression: e, type } = order.keys[k] as IssuableOrder['keys'][number];
    const text = position.keys[k];
    // Past a NULL key only rows with a NULL key (and a later id) follow; past a value, later values then NULLs.
    if (text === null || text === undefined) {
      after = sql<boolean>`((${e}) IS NULL AND ${after})`;
      continue;
    }
    const key = sql`CAST(${text}::text AS ${sql.raw(type)})`;
    after = sql<boolean>`((${e}) ${op} ${key} OR (${e}) IS NULL OR ((${e}) = ${key} AND ${after}))`;
  }
  return after;
}

/**
 * Every row of an issuable list (its conditions, in its order, no page), read in keyset batches of
 * `batchSize` so a caller streaming them holds one batch at a time. `read` runs the list's query
 * with a WHERE, `orderKeyColumns(order)` selected, its ORDER BY and the limit.
 */
export function issuableBatches<R extends { id: number } & Record<string, unknown>>(
  source: IssuableSource,
  order: IssuableOrder,
  where: Condition[],
  batchSize: number,
  read: (where: Condition, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  return keysetBatches<R, BatchPosition>(async (after) => {
    const rows = await read(allOf(after ? [...where, afterPosition(source, order, after)] : where), batchSize);
    const last = rows[rows.length - 1];
    return { rows, next: last && rows.length === batchSize ? batchPositionOf(last, order) : null };
  });
}
