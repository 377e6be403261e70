import { type Expression, type RawBuilder, sql } from 'kysely';
import { COUNT_CAP } from './capped-count';
import type { ReadRows } from './combined-reads';

/** One parent's page of a sub-list (an epic's children, its issues) with the filters it was asked with. */
export interface SubListPageKey<F> {
  parentId: number;
  /** Anything else per parent the statement needs (the root group a child may live in). */
  rootId: number;
  filters: F;
  offset: number;
  limit: number;
}

export type SubListCountKey<F> = Omit<SubListPageKey<F>, 'offset' | 'limit'>;

/** Rows a batch statement returns: each tagged with the index of the key it answers. */
export type Tagged<T> = T & { batch_key: number };

const ints = (values: number[]) => sql`${values}::int[]`;

/** A select that can still be limited and offset (a Kysely select query builder). */
export interface PageQuery {
  limit(limit: RawBuilder<number>): { offset(offset: RawBuilder<number>): Expression<unknown> };
}

/** `w(parent_id, root_id, off, lim, k)`: one row per key, k its 1-based index in the batch. */
function pageKeys<F>(keys: SubListPageKey<F>[]): RawBuilder<unknown> {
  return sql`unnest(${ints(keys.map((k) => k.parentId))}, ${ints(keys.map((k) => k.rootId))},
    ${ints(keys.map((k) => k.offset))}, ${ints(keys.map((k) => k.limit))}) WITH ORDINALITY AS w(parent_id, root_id, off, lim, k)`;
}

/** `w(parent_id, root_id, k)` for count keys. */
function countKeys<F>(keys: SubListCountKey<F>[]): RawBuilder<unknown> {
  return sql`unnest(${ints(keys.map((k) => k.parentId))}, ${ints(keys.map((k) => k.rootId))})
    WITH ORDINALITY AS w(parent_id, root_id, k)`;
}

/**
 * Each page key's page: `page` (over `w`, whose `w.parent_id` and `w.root_id` it may name) run once
 * per key, limited and offset as the key asks: ONE statement (LATERAL) for the whole batch.
 */
export function pagePerKey<T>(read: ReadRows, keys: SubListPageKey<unknown>[], page: PageQuery): Promise<Tagged<T>[]> {
  const limited = page.limit(sql<number>`w.lim`).offset(sql<number>`w.off`);
  return read<Tagged<T>>(sql`SELECT (w.k - 1)::int AS batch_key, x.*
    FROM ${pageKeys(keys)} CROSS JOIN LATERAL (${limited}) AS x`);
}

/** Each count key's number of `rows` (over `w`), capped like every list count. */
export function countPerKey(
  read: ReadRows,
  keys: SubListCountKey<unknown>[],
  rows: Expression<unknown>,
): Promise<Tagged<{ total: number }>[]> {
  return read<Tagged<{ total: number }>>(sql`SELECT (w.k - 1)::int AS batch_key,
    (SELECT count(*)::int FROM (${rows} LIMIT ${sql.lit(COUNT_CAP + 1)}) AS capped) AS total
    FROM ${countKeys(keys)}`);
}
