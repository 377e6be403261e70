import { randomUUID } from 'node:crypto';
import type { Database } from '../db/connection';
import { instanceValue } from '../db/instance-value';

const KEY = 'rate_limit_namespace';

/**
 * The Redis key prefix of this Meridian instance: random, stored once in the database, so that
 * the processes of one instance share counters and other instances on the same Redis do not.
 */
export async function redisNamespace(db: Database): Promise<string> {
  return `meridian-rate-limit:${await instanceValue(db, KEY, randomUUID)}:`;
}
