/**
 * Throughput with 1, 2 and 4 `meridian start` processes on one PostgreSQL (issue 30): for each
 * count, the processes run on their own ports and a load generator per process (autocannon) sends
 * it its share of the connections, as a round-robin load balancer would; reads (the group's issue
 * list, first page of 20) and writes (a comment on an issue) are measured apart. Requests per second
 * are summed over the processes; latencies are the slowest process's.
 *
 *   npx tsx bench/scale-out.ts --pg postgres://postgres@127.0.0.1:5432/meridian_bench_report \
 *     [--processes 1,2,4] [--connections 8] [--duration 10]
 *
 * Uses the large data set (`npm run bench:report -- --reseed` makes it) and builds nothing: run
 * `npm run build` first so every process runs compiled.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { connect } from '../apps/server/src/db/connection';
import { ownerToken } from './src/bench-context';
import { type RunningServer, startServer } from './src/server-process';
import { round1 } from './src/stats';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    group: { type: 'string', default: 'bench' },
    processes: { type: 'string', default: '1,2,4' },
    connections: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3460' },
  },
});
if (!values.pg) usageError('--pg postgres://… (the large data set) is required');
const counts = values.processes.split(',').map(Number);
const connections = Number(values.connections);
const duration = Number(values.duration);
const firstPort = Number(values.port);

const handle = await connect({ url: values.pg, poolSize: 2 });
const { token } = await ownerToken(handle, values.group, 'scale-out-bench');
const target = await sql<{ group_id: number; project_id: number; iid: number }>`
  SELECT n.id AS group_id, i.project_id, i.iid FROM namespaces n
  JOIN namespaces sub ON sub.traversal_ids[1] = n.id
  JOIN projects p ON p.namespace_id = sub.id JOIN issues i ON i.project_id = p.id
  WHERE n.path = ${values.group} AND n.parent_id IS NULL ORDER BY i.id LIMIT 1`.execute(handle.db);
const row = target.rows[0];
if (!row) usageError(`no issue in group "${values.group}": seed the large data set first`);
await handle.close();

const headers = { 'private-token': token, 'content-type': 'application/json' };
const shapes = {
  reads: { method: 'GET' as const, path: `/api/v4/groups/${row.group_id}/issues?per_page=20` },
  writes: {
    method: 'POST' as const,
    path: `/api/v4/projects/${row.project_id}/issues/${row.iid}/notes`,
    body: JSON.stringify({ body: 'A comment from the scale-out benchmark' }),
  },
};

async function load(servers: RunningServer[], shape: (typeof shapes)[keyof typeof shapes], seconds = duration) {
  const share = Math.max(1, Math.round(connections / servers.length));
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({ url: `${s.url}${shape.path}`, ...shape, headers, duration: seconds, connections: share }),
    ),
  );
  const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
  if (non2xx > 0) throw new Error(`${shape.method} ${shape.path}: ${non2xx} non-2xx answers`);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

const rows: string[] = [];
let baseline: Record<string, number> = {};
for (const count of counts) {
  const servers = await Promise.all(
    Array.from({ length: count }, (_, i) => startServer({ DATABASE_URL: values.pg ?? '' }, firstPort + i)),
  );
  try {
    for (const [name, shape] of Object.entries(shapes)) {
      await load(servers, shape, 3); // warm-up: plans, caches, JIT
      const r = await load(servers, shape);
      if (count === counts[0]) baseline = { ...baseline, [name]: r.rps };
      const ratio = baseline[name] ? round1((r.rps / baseline[name]) * 100) / 100 : 1;
      rows.push(
        `| ${count} | ${name} | ${round1(r.rps)} | ${ratio.toFixed(2)} | ${round1(r.p50)} ms | ${round1(r.p99)} ms |`,
      );
      console.error(rows[rows.length - 1]);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
console.log(
  `\n${connections} connections in all, ${duration} s per run, load average ${loadavg().map(round1).join(' ')}\n`,
);
console.log('| processes | requests | req/s | vs first | p50 | p99 |\n| --: | --- | --: | --: | --: | --: |');
console.log(rows.join('\n'));
