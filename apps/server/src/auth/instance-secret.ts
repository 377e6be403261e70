import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { instanceValue } from '../db/instance-value';

const KEY = 'instance_secret';

/**
 * The key this Meridian instance derives per-user values from (incoming email tokens): random,
 * made once and kept in `application_settings` (not one of the settings the admin API reads), so
 * every process of the instance derives the same values and they survive restarts.
 */
const readOrCreate = (db: Database) => instanceValue(db, KEY, () => randomBytes(32).toString('base64url'));

const cache = new WeakMap<Database, Promise<string>>();

function instanceSecret(db: Database): Promise<string> {
  let secret = cache.get(db);
  if (!secret) {
    secret = readOrCreate(db);
    cache.set(db, secret);
    secret.catch(() => cache.delete(db));
  }
  return secret;
}

/**
 * HMAC-SHA256 of `message` under the instance secret, for values that must be stable and
 * unguessable without being stored (`purpose` keeps the values of different uses apart).
 */
export async function instanceHmac(db: Database, purpose: string, message: string): Promise<Buffer> {
  return createHmac('sha256', await instanceSecret(db))
    .update(`${purpose}:${message}`)
    .digest();
}
