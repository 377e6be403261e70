/**
 * Roadmap epics (RF-1) on the large data set: the web roadmap's GraphQL query — first 50, state
 * all, sort START_DATE_ASC, timeframe THREE_YEARS around today, includeDescendantGroups — on the
 * `bench` group (100,000 epics), as the group's Owner.
 *
 *   npx tsx bench/roadmap-bench.ts --pg postgres://postgres@127.0.0.1:5432/meridian_large \
 *     --pglite /tmp/meridian-large-pglite --requests 30
 *
 * Method (as bench/filter-bench.ts): the server runs in its own process; after warm-up requests,
 * N requests are timed over HTTP. The request's SQL statements, captured once in-process (they
 * include authentication), are replayed raw on one connection: after each HTTP request on
 * PostgreSQL, so both see the same background load; before the server starts on PGlite, whose data
 * directory only one process may open. The statement count is captured for first: 10 and first: 50.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type CapturedQuery, connect, type DatabaseHandle } from '../apps/server/src/db/connection';
import { BENCH_DATABASE_OPTIONS, ownerToken } from './src/bench-context';
import { ROADMAP_EPICS_QUERY, threeYearsAround } from './src/roadmap-query';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const round2 = (n: number) => Math.round(n * 100) / 100;

const { values } = parseArgs({
  options: {
    ...BENCH_DATABASE_OPTIONS,
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});

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
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: handle });
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

interface Row {
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

async function benchBackend(backend: 'postgres' | 'pglite', target: string, port: number): Promise<Row> {
  const groupPath = values.group as string;
  const requests = Number(values.requests);
  const warmup = Number(values.warmup);
  const handle = await connect(backend === 'postgres' ? { url: target, poolSize: 1 } : { dataDir: target });
  const { token } = await ownerToken(handle, groupPath);
  const captured = await capture(handle, token, groupPath);
  const sqlTimes: number[] = [];
  if (backend === 'pglite') {
    // The server needs the data directory: replay now, then let it go.
    for (let i = 0; i < warmup; i++) await replay(handle, captured.queries);
    for (let i = 0; i < requests; i++) sqlTimes.push(await replay(handle, captured.queries));
    await handle.close();
  }
  const server = await startServer(backend === 'postgres' ? { DATABASE_URL: target } : { DATA_DIR: target }, port);
  const http: number[] = [];
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
    for (let i = 0; i < requests; i++) {
      http.push(await post());
      if (backend === 'postgres') sqlTimes.push(await replay(handle, captured.queries));
    }
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
    samples: requests,
  };
}

const rows: Row[] = [];
if (values.pg) rows.push(await benchBackend('postgres', values.pg, 3411));
if (values.pglite) rows.push(await benchBackend('pglite', values.pglite, 3412));
if (rows.length === 0) {
  console.error('pass --pg URL and/or --pglite DATA_DIR');
  process.exit(2);
}
const tf = threeYearsAround(new Date());
console.log(`RF-1 on '${values.group}': first 50, state all, START_DATE_ASC, timeframe ${tf.start}..${tf.end}`);
console.log(
  '| backend | HTTP p50 ms | HTTP p95 ms | raw SQL p50 ms | raw SQL p95 ms | HTTP/SQL (p50) | statements first 10 | statements first 50 | samples |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.httpP50} | ${r.httpP95} | ${r.sqlP50} | ${r.sqlP95} | ${r.ratio} | ${r.statementsFirst10} | ${r.statementsFirst50} | ${r.samples} |`,
  );
}
const pg = rows.find((r) => r.backend === 'postgres');
const lite = rows.find((r) => r.backend === 'pglite');
if (pg && lite) {
  console.log(
    `PGlite / PostgreSQL: p50 ${round2(lite.httpP50 / pg.httpP50)}×, p95 ${round2(lite.httpP95 / pg.httpP95)}×`,
  );
}
for (const r of rows) {
  if (r.statementsFirst10 !== r.statementsFirst50)
    console.log(
      `WARNING ${r.backend}: statements grow with the page (${r.statementsFirst10} → ${r.statementsFirst50})`,
    );
}
if (pg && pg.httpP95 > 100) console.log(`MISSED: PostgreSQL p95 ${pg.httpP95} ms > 100 ms`);
if (lite && lite.httpP95 > 250) console.log(`MISSED: PGlite p95 ${lite.httpP95} ms > 250 ms (2.5 × 100 ms)`);
if (values.out) writeFileSync(values.out, JSON.stringify(rows, null, 2));
