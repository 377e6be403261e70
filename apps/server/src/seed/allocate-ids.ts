import { sql } from 'kysely';
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
