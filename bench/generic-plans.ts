/**
 * Should a statement run prepared? Times one statement of an API request — captured from the real
 * request, then run 15 times as a named statement on one connection — under each plan cache mode:
 * custom plans (planned for every run's values), the generic plan (planned once, blind to the
 * values), and PostgreSQL's own choice; with --explain, the plans' sequential scans and times.
 *   npx tsx bench/generic-plans.ts --pg URL --token glpat-… --path '/api/v4/groups/bench/issues?per_page=50' \
 *     --match 'count(*)::int AS total' [--explain]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connect } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { percentile, round1 } from './src/stats';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    path: { type: 'string' },
    token: { type: 'string' },
    match: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
if (!values.pg || !values.path || !values.match)
  usageError("pass --pg postgres://…, --path '/api/v4/…' and --match 'text of the statement'");

const handle = await connect({ url: values.pg });
const app = await benchApp(handle);
const headers: Record<string, string> = values.token ? { 'private-token': values.token } : {};
const inject = () => app.inject({ method: 'GET', url: values.path as string, headers });
await inject();
const { queries } = await handle.captureQueries(inject);
await app.close();
await handle.close();
const query = queries.find((q) => q.sql.includes(values.match as string));
if (!query) throw new Error(`no statement of the request contains ${values.match}`);

/** A parameter as an SQL literal (EXECUTE under EXPLAIN takes no bound parameters). */
const literal = (v: unknown) =>
  v == null
    ? 'NULL'
    : pg.escapeLiteral(Array.isArray(v) ? `{${v.map((x) => JSON.stringify(x)).join(',')}}` : String(v));

const client = new pg.Client({ connectionString: values.pg, options: '-c jit=off' });
await client.connect();
for (const mode of ['force_custom_plan', 'force_generic_plan', 'auto']) {
  await client.query(`SET plan_cache_mode = ${mode}`);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    await client.query({ name: `bench_${mode}`, text: query.sql, values: [...query.parameters] });
    times.push(performance.now() - start);
  }
  console.log(`${mode}: median ${round1(percentile(times, 50))} ms over 15 runs`);
  if (values.explain) {
    await client.query(`PREPARE explained_${mode} AS ${query.sql}`);
    const args = query.parameters.map(literal).join(', ');
    const plan = await client.query(`EXPLAIN (ANALYZE, SUMMARY) EXECUTE explained_${mode}${args ? `(${args})` : ''}`);
    for (const row of plan.rows as Array<{ 'QUERY PLAN': string }>) {
      if (/Seq Scan|Planning|Execution/.test(row['QUERY PLAN'])) console.log(`   ${row['QUERY PLAN']}`);
    }
  }
}
await client.end();
