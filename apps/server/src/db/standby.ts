import { sql } from 'kysely';
import type { Database } from './connection';

/** PostgreSQL's SQLSTATE for a write on a standby (or in a READ ONLY transaction). */
const READ_ONLY_SQL_TRANSACTION = '25006';

/** Whether the database is a streaming-replication standby (in recovery): it serves reads only. */
export async function isStandby(db: Database): Promise<boolean> {
  const { rows } = await sql<{ standby: boolean }>`SELECT pg_is_in_recovery() AS standby`.execute(db);
  return rows[0]?.standby === true;
}

/**
 * Runs a bookkeeping write that reads may cause (a session's or a token's last use) and that a
 * standby cannot take: on a Geo secondary it is skipped, and the read it belongs to still answers.
 */
export async function unlessStandby(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code !== READ_ONLY_SQL_TRANSACTION) throw error;
  }
}
