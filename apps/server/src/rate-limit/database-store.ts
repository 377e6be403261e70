import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../db/connection';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts hits in one statement: a new key or a key whose window has passed starts at 1 with a
 * fresh window; otherwise the count goes up and the window stays. The database's clock decides,
 * so every process agrees on when a window ends.
 */
export async function hit(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: string }>`
    INSERT INTO rate_limits AS r (key, hits, expires_at)
    VALUES (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.expires_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      expires_at = CASE WHEN r.expires_at <= clock_timestamp() THEN excluded.expires_at ELSE r.expires_at END
    RETURNING hits, ceil(extract(epoch FROM (expires_at - clock_timestamp())) * 1000)::bigint AS ttl`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate_limits upsert returned nothing');
  return { current: row.hits, ttl: Math.max(0, Number(row.ttl)) };
}

/** The count in the key's current window (0 when there is none), without counting. */
export async function peek(db: Database, key: string): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: string }>`
    SELECT hits, ceil(extract(epoch FROM (expires_at - clock_timestamp())) * 1000)::bigint AS ttl
    FROM rate_limits WHERE key = ${key} AND expires_at > clock_timestamp()`.execute(db);
  const row = rows[0];
  return row ? { current: row.hits, ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 };
}

/** Deletes windows that ended; the sweeper runs it now and then in every process. */
export async function deleteExpiredRateLimits(db: Database): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('expires_at', '<', sql<Date>`clock_timestamp()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A `@fastify/rate-limit` store over the `rate_limits` table, so that every Meridian process on
 * one database shares the counters. Keys already carry their bucket's name, so children share
 * the parent's table as they are.
 */
export function databaseStore(db: Database): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      peek(db, key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
