/** One REST GET measured as the filter bench and the report do: HTTP p50/p95 beside its raw SQL. */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../apps/server/src/db/connection';
import { sampleRequest } from './request-sampler';
import { percentile, round1 } from './stats';

/** Where and how a request is measured: the in-process app captures its SQL, the server answers HTTP. */
export interface ListRequestTarget {
  handle: DatabaseHandle;
  app: FastifyInstance;
  serverUrl: string;
  token: string;
  requests: number;
  warmup: number;
  /** Stop sampling a request after this long (past 3 samples). */
  maxMs?: number;
  /** false: time HTTP only (the SQL is still captured, for the statement count). */
  replaySql?: boolean;
}

export interface ListRequestRow {
  list: string;
  filter: string;
  sort: string;
  rows: number;
  statements: number;
  samples: number;
  httpP50: number;
  httpP95: number;
  sqlP50: number;
  sqlP95: number;
  ratio: number;
  /** `!150` when p95 is over 150 ms, `!2x` when HTTP is over twice the SQL. */
  flag: string;
}

/** Captures the request's SQL in-process, then samples it over HTTP (and its SQL raw); logs one line to stderr. */
export async function measureListRequest(
  t: ListRequestTarget,
  list: string,
  filter: string,
  sort: string,
  path: string,
): Promise<ListRequestRow> {
  const headers = { 'private-token': t.token };
  await t.app.inject({ method: 'GET', url: path, headers });
  const { result, queries } = await t.handle.captureQueries(() => t.app.inject({ method: 'GET', url: path, headers }));
  if (result.statusCode !== 200) throw new Error(`${path}: HTTP ${result.statusCode} ${result.body.slice(0, 300)}`);
  const replayed = t.replaySql === false ? [] : queries;
  const s = await sampleRequest(t.handle, replayed, `${t.serverUrl}${path}`, t.token, t.requests, t.warmup, t.maxMs);
  const httpP50 = round1(percentile(s.http, 50));
  const httpP95 = round1(percentile(s.http, 95));
  const sqlP50 = round1(percentile(s.sql, 50));
  const ratio = Math.round((httpP50 / sqlP50) * 100) / 100;
  const flag = `${httpP95 > 150 ? '!150' : ''}${ratio > 2 ? '!2x' : ''}`;
  console.error(
    `${flag || 'ok'}\t${list}\t${filter}\t${sort}\t${httpP50}/${httpP95} ms, ${s.sql.length > 0 ? `SQL ${sqlP50}` : 'SQL not replayed'}, ${s.rows} rows, n=${s.http.length}`,
  );
  return {
    list,
    filter,
    sort,
    rows: s.rows,
    statements: queries.length,
    samples: s.http.length,
    httpP50,
    httpP95,
    sqlP50,
    sqlP95: round1(percentile(s.sql, 95)),
    ratio,
    flag,
  };
}
