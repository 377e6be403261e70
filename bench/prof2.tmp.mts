import { CompiledQuery } from 'kysely';
import { connect } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { ownerToken } from './src/bench-context';
import { listScenarios } from './src/list-scenarios';

const handle = await connect({ url: 'postgres://postgres@127.0.0.1:5432/meridian_bench_report' });
const app = await benchApp(handle);
const { token } = await ownerToken(handle, 'bench', 'prof');
const s = (await listScenarios(handle, 'bench'))[Number(process.argv[2] ?? 1)]!;
const inject = () => app.inject({ method: 'GET', url: s.path, headers: { 'private-token': token } });
await inject();
const { queries } = await handle.captureQueries(inject);
const q = queries.find((x) => x.sql.includes(process.argv[3] ?? 'WITH page AS'))!;
console.log(q.sql);
for (let i = 0; i < 3; i++) await handle.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
const plan = await handle.db.executeQuery(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, [...q.parameters]));
for (const row of plan.rows as Array<Record<string, string>>) console.log(Object.values(row)[0]);
await app.close(); await handle.close();
