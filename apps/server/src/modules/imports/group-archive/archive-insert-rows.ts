import { type InsertObject, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import type { InTransaction } from '../../../service-context';

/** PostgreSQL takes at most 65,535 parameters a statement; a chunk of rows stays below. */
const MAX_PARAMETERS = 60_000;

/**
 * Inserts the rows in multi-row `INSERT … VALUES (…), (…) RETURNING id` statements (one unless the
 * rows pass the parameter limit) and answers their ids in the rows' order: PostgreSQL numbers and
 * returns the rows of one `VALUES` list in its order (what Django's and Rails' bulk inserts rely on).
 */
export async function insertRows<T extends keyof DB & string>(
  ctx: InTransaction,
  table: T,
  rows: InsertObject<DB, T>[],
): Promise<number[]> {
  const first = rows[0];
  if (!first) return [];
  const perRow = Math.max(1, Object.keys(first).length);
  const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    const returned = await ctx.db
      .insertInto(table)
      .values(part as never)
      .returning(sql<number>`id`.as('id'))
      .execute();
    if (returned.length !== part.length)
      throw new Error(`${table}: ${part.length} rows sent, ${returned.length} returned`);
    ids.push(...returned.map((row) => row.id));
  }
  return ids;
}

/** Inserts rows that have no id of their own to answer (join rows: assignees, labels). */
export async function insertJoinRows<T extends keyof DB & string>(
  ctx: InTransaction,
  table: T,
  rows: InsertObject<DB, T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(first).length)));
  for (let at = 0; at < rows.length; at += chunk) {
    await ctx.db
      .insertInto(table)
      .values(rows.slice(at, at + chunk) as never)
      .execute();
  }
}
