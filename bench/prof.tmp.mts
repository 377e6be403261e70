import { CompiledQuery } from 'kysely';
import { connect } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { ownerToken } from './src/bench-context';
import { listScenarios } from './src/list-scenarios';
import { percentile, round1 } from './src/stats';

const handle = await connect({ url: 'postgres://postgres@127.0.0.1:5432/meridian_bench_report' });
const app = await benchApp(handle);
const { token } = await ownerToken(handle, 'bench', 'prof');
const headers = { 'private-token': token };
for (const s of await listScenarios(handle, 'bench')) {
  const inject = () => app.inject({ method: 'GET', url: s.path, headers });
  for (let i = 0; i < 10; i++) await inject();
  const times: number[] = [];
  for (let i = 0; i < 40; i++) { const t = performance.now(); await inject(); times.push(performance.now() - t); }
  const { queries } = await handle.captureQueries(inject);
  let sum = 0;
  const per: string[] = [];
  for (const q of queries) {
    const ts: number[] = [];
    for (let i = 0; i < 15; i++) { const t = performance.now(); await handle.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters])); ts.push(performance.now() - t); }
    const m = percentile(ts, 50); sum += m;
    per.push(`  ${round1(m)} ms ${q.sql.replace(/\s+/g, ' ').slice(0, 140)}`);
  }
  console.log(`${s.name}: inject median ${round1(percentile(times, 50))} ms, ${queries.length} statements, serial SQL sum ${round1(sum)} ms`);
  if (process.argv.includes('-v')) console.log(per.join('\n'));
}
await app.close(); await handle.close();
