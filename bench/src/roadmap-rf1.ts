/** RF-1, the roadmap's epics request, timed over HTTP beside its raw SQL (bench/roadmap-bench.ts, the report). */
import { CompiledQuery } from 'kysely';
import { type CapturedQuery, connect, type DatabaseHandle } from '../../apps/server/src/db/connection';
import { benchApp } from './bench-app';
import { ownerToken } from './bench-context';
import { ROADMAP_EPICS_QUERY, threeYearsAround } from './roadmap-query';
import { startServer } from './server-process';
import { percentile, round1, round2, sampleBounded } from './stats';

function body(groupPath: string, first: number): string {
  return JSON.stringify({
    query: ROADMAP_EPICS_QUERY,
    variables: {
      fullPath: groupPath,
      state: 'all',
      sort: 'START_DATE_ASC',
      timeframe: threeYearsAround(new Date()),
      first,
      includeDescendantGroups: true,
    },
  });
}

interface Answer {
  data?: { group?: { epics?: { nodes: unknown[]; pageInfo: { hasNextPage: boolean } } } };
  errors?: unknown[];
}

function check(text: string, status: number, first: number): void {
  const answer = JSON.parse(text) as Answer;
  const nodes = answer.data?.group?.epics?.nodes;
  if (status !== 200 || answer.errors || !nodes || nodes.length !== first) {
    throw new Error(`RF-1 first ${first}: HTTP ${status} ${text.slice(0, 400)}`);
  }
}

interface Captured {
  first10: number;
  first50: number;
  queries: CapturedQuery[];
}

/** Runs the request in-process (warm), capturing its statements for first 10 and first 50. */
async function capture(handle: DatabaseHandle, token: string, groupPath: string): Promise<Captured> {
  const app = await benchApp(handle);
  const inject = (first: number) =>
    app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      payload: body(groupPath, first),
    });
  for (const first of [10, 50]) {
    const warm = await inject(first);
    check(warm.body, warm.statusCode, first);
  }
  const ten = await handle.captureQueries(() => inject(10));
  const fifty = await handle.captureQueries(() => inject(50));
  await app.close();
  return { first10: ten.queries.length, first50: fifty.queries.length, queries: fifty.queries };
}

async function replay(handle: DatabaseHandle, queries: readonly CapturedQuery[]): Promise<number> {
  const start = performance.now();
  for (const q of queries) await handle.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
  return performance.now() - start;
}

export interface RoadmapEpicsRow {
  backend: 'postgres' | 'pglite';
  httpP50: number;
  httpP95: number;
  sqlP50: number;
  sqlP95: number;
  ratio: number;
  statementsFirst10: number;
  statementsFirst50: number;
  samples: number;
}

export interface RoadmapEpicsOptions {
  groupPath: string;
  requests: number;
  warmup: number;
  /** Stop sampling after this long (past 3 samples). */
  maxMs?: number;
}

/**
 * RF-1 on one backend: the request's statements captured in-process, then HTTP requests to a server
 * in its own process on `port`, each followed (PostgreSQL) or preceded (PGlite) by the raw replay.
 */
export async function benchRoadmapEpics(
  backend: 'postgres' | 'pglite',
  target: string,
  port: number,
  { groupPath, requests, warmup, maxMs = Number.POSITIVE_INFINITY }: RoadmapEpicsOptions,
): Promise<RoadmapEpicsRow> {
  const handle = await connect(backend === 'postgres' ? { url: target, poolSize: 1 } : { dataDir: target });
  const { token } = await ownerToken(handle, groupPath);
  const captured = await capture(handle, token, groupPath);
  const sqlTimes: number[] = [];
  if (backend === 'pglite') {
    // The server needs the data directory: replay now, then let it go.
    for (let i = 0; i < warmup; i++) await replay(handle, captured.queries);
    sqlTimes.push(...(await sampleBounded(() => replay(handle, captured.queries), { count: requests, maxMs })));
    await handle.close();
  }
  const server = await startServer(backend === 'postgres' ? { DATABASE_URL: target } : { DATA_DIR: target }, port);
  let http: number[] = [];
  try {
    const post = async () => {
      const start = performance.now();
      const res = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: body(groupPath, 50),
      });
      const text = await res.text();
      const ms = performance.now() - start;
      check(text, res.status, 50);
      return ms;
    };
    for (let i = 0; i < warmup; i++) {
      await post();
      if (backend === 'postgres') await replay(handle, captured.queries);
    }
    http = await sampleBounded(
      async () => {
        const ms = await post();
        if (backend === 'postgres') sqlTimes.push(await replay(handle, captured.queries));
        return ms;
      },
      { count: requests, maxMs },
    );
  } finally {
    await server.stop();
    if (backend === 'postgres') await handle.close();
  }
  const httpP50 = percentile(http, 50);
  const sqlP50 = percentile(sqlTimes, 50);
  return {
    backend,
    httpP50: round1(httpP50),
    httpP95: round1(percentile(http, 95)),
    sqlP50: round1(sqlP50),
    sqlP95: round1(percentile(sqlTimes, 95)),
    ratio: round2(httpP50 / sqlP50),
    statementsFirst10: captured.first10,
    statementsFirst50: captured.first50,
    samples: http.length,
  };
}
