import { CompiledQuery } from 'kysely';
import type { CapturedQuery, DatabaseHandle } from '../../apps/server/src/db/connection';
import { sampleBounded } from './stats';

export interface Samples {
  http: number[];
  sql: number[];
  statements: number;
  /** Rows in the first answer (a sanity check that the filter hit something); 1 for a single object. */
  rows: number;
}

/**
 * Times one GET through the HTTP server and, alternately, the same request's SQL statements
 * replayed raw on one connection, so both see the same background load. `captured` are the
 * statements one in-process run of the request issued (none: HTTP only). Sampling stops after
 * `requests` samples or, past 3 of them, once `maxMs` have passed.
 */
export async function sampleRequest(
  handle: DatabaseHandle,
  captured: readonly CapturedQuery[],
  url: string,
  token: string,
  requests: number,
  warmup: number,
  maxMs = Number.POSITIVE_INFINITY,
): Promise<Samples> {
  const get = async () => {
    const start = performance.now();
    const res = await fetch(url, { headers: { 'private-token': token } });
    const body = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${url}: ${body.slice(0, 300)}`);
    return { ms, body };
  };
  const replay = async () => {
    const start = performance.now();
    for (const q of captured) await handle.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    return performance.now() - start;
  };
  let rows = 0;
  let slowest = 0;
  for (let i = 0; i < warmup; i++) {
    const { body, ms } = await get();
    const answer = JSON.parse(body) as unknown;
    rows = Array.isArray(answer) ? answer.length : 1;
    slowest = Math.max(slowest, ms);
    await replay();
  }
  // A request slower than a second is flagged whatever its spread: 3 samples say so.
  const count = slowest > 1000 ? Math.min(3, requests) : requests;
  const sqlTimes: number[] = [];
  const http = await sampleBounded(
    async () => {
      const { ms } = await get();
      if (captured.length > 0) sqlTimes.push(await replay());
      return ms;
    },
    { count, maxMs },
  );
  return { http, sql: sqlTimes, statements: captured.length, rows };
}
