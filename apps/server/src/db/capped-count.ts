import { COUNT_CAP } from '@meridian/domain';
import { type Expression, type QueryExecutorProvider, sql } from 'kysely';

export { COUNT_CAP };

/**
 * count(*) of a query's rows, stopping at COUNT_CAP + 1 (which means "more than COUNT_CAP").
 * `rows` is a select without ORDER BY, e.g. `db.selectFrom('issues as i').select(sql`1`.as('one')).where(…)`.
 */
export async function cappedCount(db: QueryExecutorProvider, rows: Expression<unknown>): Promise<number> {
  const result = await sql<{ total: number }>`SELECT count(*)::int AS total
    FROM (${rows} LIMIT ${sql.lit(COUNT_CAP + 1)}) AS capped`.execute(db);
  return result.rows[0]?.total ?? 0;
}
