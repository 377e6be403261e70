/**
 * API benchmark on the large data set: GET /api/v4/groups/:id/issues (page 1) and the GraphQL
 * group.epics first 50, on PGlite and/or PostgreSQL, with p50/p95 over HTTP (autocannon, loopback,
 * server in its own process) and the same request's SQL replayed raw in-process.
 *
 *   npx tsx bench/api-bench.ts --pg postgres://postgres@127.0.0.1:5432/meridian_large --pglite ./data-large
 *
 * Prepare the data once with `meridian seed --scale large` (DATABASE_URL=… for PostgreSQL, DATA_DIR=… for PGlite).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CompiledQuery } from 'kysely';
import { connect, type DatabaseHandle } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { BENCH_DATABASE_OPTIONS, ownerToken } from './src/bench-context';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    ...BENCH_DATABASE_OPTIONS,
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    replays: { type: 'string', default: '50' },
    out: { type: 'string' },
  },
});

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

function cases(groupPath: string): Case[] {
  const epicsQuery = `query($fullPath: ID!) { group(fullPath: $fullPath) { epics(first: 50, state: opened, sort: start_date_asc) {
    nodes { id iid title state startDate dueDate color webUrl confidential
      author { username } labels { nodes { title color } }
      descendantCounts { openedEpics closedEpics openedIssues closedIssues }
      userPermissions { adminEpic } }
    pageInfo { hasNextPage endCursor } } } }`;
  return [
    {
      name: 'REST group issues page 1',
      method: 'GET',
      path: `/api/v4/groups/${encodeURIComponent(groupPath)}/issues?state=opened&per_page=20`,
    },
    {
      name: 'GraphQL group.epics first 50',
      method: 'POST',
      path: '/api/graphql',
      body: JSON.stringify({ query: epicsQuery, variables: { fullPath: groupPath } }),
    },
  ];
}

/** Runs the request once in-process, capturing its SQL, then replays that SQL raw N times. */
async function rawSqlTimes(handle: DatabaseHandle, token: string, c: Case, replays: number) {
  const app = await benchApp(handle);
  const inject = () =>
    app.inject({
      method: c.method,
      url: c.path,
      headers: { 'private-token': token, 'content-type': 'application/json' },
      payload: c.body,
    });
  const warm = await inject();
  if (warm.statusCode !== 200) throw new Error(`${c.name}: HTTP ${warm.statusCode} ${warm.body.slice(0, 300)}`);
  const { queries } = await handle.captureQueries(inject);
  const times: number[] = [];
  for (let i = 0; i < replays; i++) {
    const start = performance.now();
    for (const q of queries) await handle.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    times.push(performance.now() - start);
  }
  await app.close();
  return { statements: queries.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function httpTimes(url: string, token: string, c: Case, duration: number, connections: number) {
  const result = await autocannon({
    url: `${url}${c.path}`,
    method: c.method,
    body: c.body,
    headers: { 'private-token': token, 'content-type': 'application/json' },
    duration,
    connections,
  });
  if (result.non2xx > 0) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers`);
  return { p50: result.latency.p50, p95: interpolatedP95(result), rps: result.requests.average };
}

/** autocannon reports p50, p90, p97.5, p99; p95 is interpolated between p90 and p97.5. */
function interpolatedP95(result: autocannon.Result): number {
  const { p90, p97_5 } = result.latency;
  return p90 + ((p97_5 - p90) * (95 - 90)) / (97.5 - 90);
}

interface Row {
  backend: string;
  case: string;
  httpP50: number;
  httpP95: number;
  rps: number;
  sqlP50: number;
  sqlP95: number;
  statements: number;
}

async function benchBackend(backend: 'postgres' | 'pglite', target: string, port: number): Promise<Row[]> {
  const handle = await connect(backend === 'postgres' ? { url: target } : { dataDir: target });
  const { token } = await ownerToken(handle, values.group as string, 'bench');
  const raw = new Map<string, Awaited<ReturnType<typeof rawSqlTimes>>>();
  for (const c of cases(values.group as string))
    raw.set(c.name, await rawSqlTimes(handle, token, c, Number(values.replays)));
  await handle.close();

  const server = await startServer(backend === 'postgres' ? { DATABASE_URL: target } : { DATA_DIR: target }, port);
  const rows: Row[] = [];
  try {
    for (const c of cases(values.group as string)) {
      const http = await httpTimes(server.url, token, c, Number(values.duration), Number(values.connections));
      const r = raw.get(c.name)!;
      rows.push({
        backend,
        case: c.name,
        httpP50: http.p50,
        httpP95: round1(http.p95),
        rps: Math.round(http.rps),
        sqlP50: round1(r.p50),
        sqlP95: round1(r.p95),
        statements: r.statements,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const rows: Row[] = [];
if (values.pg) rows.push(...(await benchBackend('postgres', values.pg, 3401)));
if (values.pglite) rows.push(...(await benchBackend('pglite', values.pglite, 3402)));
if (rows.length === 0) usageError('pass --pg URL and/or --pglite DATA_DIR');
console.log(`connections=${values.connections} duration=${values.duration}s replays=${values.replays}`);
console.log(
  '| backend | request | HTTP p50 ms | HTTP p95 ms | req/s | raw SQL p50 ms | raw SQL p95 ms | SQL statements |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.case} | ${r.httpP50} | ${r.httpP95} | ${r.rps} | ${r.sqlP50} | ${r.sqlP95} | ${r.statements} |`,
  );
}
if (values.out) writeFileSync(values.out, JSON.stringify(rows, null, 2));
