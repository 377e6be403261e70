import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from './schema';

let savepoints = 0;

/**
 * Runs `fn` in a transaction: a new one, or — when `db` already is one (a comment and its quick
 * actions, one service call) — the open one, inside a savepoint, so `fn` stays all-or-nothing on its
 * own (a refused command undoes only its writes) while the outer transaction commits everything
 * together or nothing.
 */
export async function withTransaction<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  const trx = db as Transaction<DB>;
  const name = sql.raw(`nested_${++savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  try {
    const result = await fn(trx);
    await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
    throw error;
  }
}
