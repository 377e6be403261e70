import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Windows kept at most; past it the oldest is dropped (a flood of addresses cannot grow memory). */
export const MAX_PROCESS_WINDOWS = 10_000;

/**
 * Counters in this process, for a Geo secondary without Redis (its database is a read-only
 * standby). The library's own LocalStore would not do: its `child` starts empty, and our limiters
 * are made per request (rate-limit.plugin.ts `overLimit`). Same window rule as the database store:
 * a key's first hit opens a window, later hits count in it until it ends.
 */
export function processStore(): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const answer = (key: string, now: number) => {
    const window = windows.get(key);
    if (!window || window.endsAt <= now) return { current: 0, ttl: 0 };
    return { current: window.hits, ttl: window.endsAt - now };
  };
  return class ProcessStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const window = windows.get(key);
      if (window && window.endsAt > now) window.hits += 1;
      else {
        windows.delete(key);
        if (windows.size >= MAX_PROCESS_WINDOWS) windows.delete(windows.keys().next().value as string);
        windows.set(key, { hits: 1, endsAt: now + timeWindow });
      }
      callback(null, answer(key, now));
    }

    read(key: string, callback: Callback): void {
      callback(null, answer(key, Date.now()));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
