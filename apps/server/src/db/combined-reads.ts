import { type Expression, sql } from 'kysely';
import type { Executor } from './executor';
import { InListToAnyPlugin } from './in-list-to-any';
import { PREPARE_MARK } from './prepared-statements';

/** Runs a read (a select query builder or raw `sql`) and answers its rows. */
export type ReadRows = <T>(query: Expression<unknown>) => Promise<T[]>;

interface PendingRead {
  query: Expression<unknown>;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

const inListToAny = new InListToAnyPlugin();

// Every timestamp column of the schema ends in `_at` (timestamptz); JSON carries it as text.
const TIMESTAMP_KEY = /_at$/;

/** A row from JSON with the types the driver gives: timestamps as Date (dates stay 'YYYY-MM-DD'). */
function reviveRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string' && TIMESTAMP_KEY.test(key)) row[key] = new Date(value);
  }
  return row;
}

function jsonRows(value: unknown): unknown[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[] | null;
  return (rows ?? []).map(reviveRow);
}

/** A read as one JSON array column named `name`. */
const jsonColumn = (query: Expression<unknown>, name: string) =>
  sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) AS q) AS ${sql.ref(name)}`;

/** One read in a statement of its own (after its combined statement failed). */
async function runAlone(db: Executor, read: PendingRead): Promise<void> {
  try {
    // With the same plugin: an empty id list is `= any('{}')` here too, never the invalid `in ()`.
    const { rows } = await sql<Record<string, unknown>>`SELECT ${jsonColumn(read.query, 'r')}`.execute(
      db.withPlugin(inListToAny),
    );
    read.resolve(jsonRows(rows[0]?.r));
  } catch (error) {
    read.reject(error);
  }
}

/**
 * The reads a request's batch loaders start in the same turn of the event loop, sent as ONE SQL
 * statement: each read is a JSON array column of a single SELECT. A GraphQL level's loaders
 * (labels, assignees, counts… of a page of rows) then cost one round trip instead of one each.
 * Rows come back as the driver gives them, except that counts the driver answers as text (bigint)
 * are numbers: callers convert with Number() as they already must.
 *
 * The statement runs prepared (db/prepared-statements.ts), its id lists as array parameters, so a
 * request kind's level has one text whatever its page sizes and PostgreSQL plans it once.
 */
export function combinedReads(db: Executor): ReadRows {
  let pending: PendingRead[] = [];

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    const columns = batch.map((read, i) => jsonColumn(read.query, `r${i}`));
    try {
      const result = await sql<Record<string, unknown>>`${sql.raw(PREPARE_MARK)}SELECT ${sql.join(columns)}`.execute(
        db.withPlugin(inListToAny),
      );
      const [row] = result.rows;
      for (const [i, read] of batch.entries()) read.resolve(jsonRows(row?.[`r${i}`]));
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      // One bad read must not fail the others of its level: each runs alone, to fail or answer on its own.
      else await Promise.all(batch.map((read) => runAlone(db, read)));
    }
  }

  return <T>(query: Expression<unknown>) =>
    new Promise<T[]>((resolve, reject) => {
      pending.push({ query, resolve: resolve as (rows: unknown[]) => void, reject });
      // After the pending promise jobs and DataLoader dispatches of this turn: the whole level.
      if (pending.length === 1) setImmediate(() => void flush());
    });
}

/** A ReadRows that sends each read as its own statement (service calls outside a batch). */
export function directReads(db: Executor): ReadRows {
  return async <T>(query: Expression<unknown>) => (await sql<T>`${query}`.execute(db)).rows;
}
