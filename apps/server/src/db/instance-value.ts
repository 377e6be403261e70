import { sql } from 'kysely';
import type { Database } from './connection';

/**
 * A random value of this Meridian instance kept in `application_settings` under `key` (not one of
 * the settings the admin API reads): made once by `make`, then the same for every process and
 * restart. Concurrent first calls agree: the first insert wins, everyone reads it back.
 */
export async function instanceValue(db: Database, key: string, make: () => string): Promise<string> {
  await db
    .insertInto('application_settings')
    .values({ key, value: sql`to_jsonb(${make()}::text)` })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('application_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return String(row.value);
}
