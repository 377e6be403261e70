import { type InsertObject, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import type { InTransaction } from '../../../service-context';

/** PostgreSQL takes at most 65,535 parameters a statement; a chunk of rows stays below. */
const MAX_PARAMETERS = 60_000;
/** Text a statement carries at most (descriptions and their HTML may be 1 MB each): a chunk stays below. */
const MAX_TEXT_CHARS = 32 * 1024 * 1024;

const textLength = (row: object) =>
  Object.values(row).reduce((sum: number, value) => sum + (typeof value === 'string' ? value.length : 0), 0);

/** The rows cut in runs that each fit one statement: under the parameter limit and the text budget. */
export function statementChunks<R extends object>(rows: R[]): R[][] {
  const first = rows[0];
  if (!first) return [];
  const perRow = Math.max(1, Object.keys(first).length);
  const maxRows = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  const chunks: R[][] = [];
  let chunk: R[] = [];
  let chars = 0;
  for (const row of rows) {
    const length = textLength(row);
    if (chunk.length > 0 && (chunk.length >= maxRows || chars + length > MAX_TEXT_CHARS)) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(row);
    chars += length;
  }
  chunks.push(chunk);
  return chunks;
}

/**
 * Inserts the rows in multi-row `INSERT … VALUES (…), (…) RETURNING id` statements (one unless the
 * rows pass the parameter limit or the text budget) and answers their ids in the rows' order:
 * PostgreSQL numbers and returns the rows of one `VALUES` list in its order (what Django's and Rails'
 * bulk inserts rely on).
 */
export async function insertRows<T extends keyof DB & string>(
  ctx: InTransaction,
  table: T,
  rows: InsertObject<DB, T>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of statementChunks(rows)) {
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
  for (const part of statementChunks(rows)) {
    await ctx.db
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}
