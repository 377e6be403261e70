import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/connection';

const KEY = 'rate_limit_namespace';

/**
 * The Redis key prefix of this Meridian instance: random, stored once in the database, so that
 * the processes of one instance share counters and other instances on the same Redis do not.
 */
export async function redisNamespace(db: Database): Promise<string> {
  await db
    .insertInto('application_settings')
    .values({ key: KEY, value: sql`to_jsonb(${randomUUID()}::text)` })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('application_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow();
  return `meridian-rate-limit:${String(row.value)}:`;
}
