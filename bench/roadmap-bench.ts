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
import { BENCH_DATABASE_OPTIONS } from './src/bench-context';
import { threeYearsAround } from './src/roadmap-query';
import { benchRoadmapEpics, type RoadmapEpicsRow } from './src/roadmap-rf1';
import { round2 } from './src/stats';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    ...BENCH_DATABASE_OPTIONS,
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});

const options = { groupPath: values.group as string, requests: Number(values.requests), warmup: Number(values.warmup) };
const rows: RoadmapEpicsRow[] = [];
if (values.pg) rows.push(await benchRoadmapEpics('postgres', values.pg, 3411, options));
if (values.pglite) rows.push(await benchRoadmapEpics('pglite', values.pglite, 3412, options));
if (rows.length === 0) usageError('pass --pg URL and/or --pglite DATA_DIR');
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
