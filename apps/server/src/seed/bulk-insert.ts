import { type Insertable, sql } from 'kysely';
import type { Database } from '../db/connection';
import type { DB } from '../db/schema';

/**
 * Reserves `count` ids from a table's identity sequence, so rows can reference each other
 * (parents, sourcing epics) before they are inserted.
 */
export async function allocateIds(db: Database, table: keyof DB & string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${count})`.execute(db);
  return result.rows.map((r) => r.id).sort((a, b) => a - b);
}

const columnTypes = new WeakMap<Database, Map<string, Map<string, string>>>();

async function typesOf(db: Database, table: string): Promise<Map<string, string>> {
  let perDb = columnTypes.get(db);
  if (!perDb) {
    perDb = new Map();
    columnTypes.set(db, perDb);
  }
  let types = perDb.get(table);
  if (!types) {
    const result = await sql<{ column_name: string; udt_name: string }>`
      SELECT column_name, udt_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
    types = new Map(result.rows.map((r) => [r.column_name, r.udt_name]));
    perDb.set(table, types);
  }
  return types;
}

/**
 * Bulk INSERT of thousands of rows per statement: one array parameter per column, spread by
 * `unnest` (about 3x faster than multi-row VALUES on PGlite). All rows must have the same keys;
 * array-typed columns are not supported.
 */
export async function bulkInsert<T extends keyof DB & string>(
  db: Database,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  chunk = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const types = await typesOf(db, table);
  const casts = columns.map((c) => {
    const type = types.get(c);
    if (!type || type.startsWith('_')) throw new Error(`bulkInsert: unsupported column ${table}.${c}`);
    return sql.raw(`${type}[]`);
  });
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk) as readonly Record<string, unknown>[];
    const arrays = columns.map((c, i) => sql`${slice.map((row) => row[c] ?? null)}::${casts[i]!}`);
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
  }
}
