import { type RawBuilder, sql } from 'kysely';
import { PREPARE_MARK } from './prepared-statements';

/**
 * `column` is one of `ids`. A single id compares as a scalar (`= $1`), so a statement about one
 * row may run prepared: planned without its values, `= ANY($1)` can't tell one id from thousands
 * and reads all of a skewed table (notes), while `= $1` is planned for a typical value and reads
 * the index. Lists of ids keep `= ANY($1)`: one text for every page size, planned per run.
 */
export function idMatches(column: RawBuilder<unknown>, ids: readonly number[]): RawBuilder<boolean> {
  return ids.length === 1 ? sql<boolean>`${column} = ${ids[0]}::int` : sql<boolean>`${column} = ANY(${ids}::int[])`;
}

/** The mark that runs a statement of `idMatches` prepared when it is about one row (db/prepared-statements.ts). */
export function preparedWhenOne(ids: readonly number[]): RawBuilder<unknown> {
  return sql.raw(ids.length === 1 ? PREPARE_MARK : '');
}
