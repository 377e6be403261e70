/**
 * Prints each SQL statement one API request runs, with its median time: finds the slow one.
 *   npx tsx bench/explain-request.ts --pg URL --path '/api/v4/groups/bench/issues'
 *   npx tsx bench/explain-request.ts --pg URL --graphql '{ group(fullPath:"bench") { epics(first:50) { nodes { iid } } } }'
 */
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import { connect } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { percentile, round1 } from './src/stats';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    path: { type: 'string' },
    graphql: { type: 'string' },
    token: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const handle = await connect(values.pg ? { url: values.pg } : { dataDir: values.pglite });
const app = await benchApp(handle);
const headers: Record<string, string> = { 'content-type': 'application/json' };
if (values.token) headers['private-token'] = values.token;
const inject = () =>
  values.graphql
    ? app.inject({ method: 'POST', url: '/api/graphql', headers, payload: JSON.stringify({ query: values.graphql }) })
    : app.inject({ method: 'GET', url: values.path as string, headers });
const warm = await inject();
console.log(`HTTP ${warm.statusCode} ${warm.body.slice(0, 200)}`);
const { queries } = await handle.captureQueries(inject);
for (const q of queries) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await handle.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    times.push(performance.now() - start);
  }
  console.log(`\n${round1(percentile(times, 50))} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 600)}`);
  console.log(`   params: ${JSON.stringify(q.parameters).slice(0, 300)}`);
  if (values.explain && percentile(times, 50) > 20) {
    const plan = await handle.db.executeQuery(CompiledQuery.raw(`EXPLAIN ANALYZE ${q.sql}`, [...q.parameters]));
    for (const row of plan.rows as Array<Record<string, string>>) console.log(`   ${Object.values(row)[0]}`);
  }
}
await app.close();
await handle.close();
