import { sql } from 'kysely';
import type { Database } from '../connection';

/**
 * Where `userId`'s last write ended in the primary's WAL; null when they have not written since
 * replicas were configured. Read on the primary, before the request picks where its reads go.
 */
export async function lastWriteLsn(db: Database, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('load_balancing_stickiness')
    .select('write_lsn')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.write_lsn ?? null;
}

/**
 * Records that `userId` has just written: their reads stay on the primary until a replica has
 * replayed the primary's WAL up to here. Runs before the answer is sent, so the writer's next
 * request already finds it.
 */
export async function recordWrite(db: Database, userId: number): Promise<void> {
  await db
    .insertInto('load_balancing_stickiness')
    .values({ user_id: userId, write_lsn: sql<string>`pg_current_wal_insert_lsn()`, updated_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        write_lsn: sql<string>`greatest(load_balancing_stickiness.write_lsn, excluded.write_lsn)`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}
