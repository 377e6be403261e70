/**
 * Before/after medians of the issue requests that load issue details (issue 26): the group issues
 * first page of 50, assignee + open + type, title contains, and one issue, through two server
 * processes on the same large data set — this checkout's and another build's — requests alternated
 * between them so both see the same background load.
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npm run build -w apps/server)
 *   npm run build -w apps/server
 *   npx tsx bench/details-bench.ts --pg postgres://postgres@127.0.0.1:5432/meridian_large \
 *     --before /tmp/before/apps/server/dist/main.js [--requests 40]
 *
 * Prepare the data once with `DATABASE_URL=… npx meridian seed --scale large --epics 10000 --issues 100000`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connect } from '../apps/server/src/db/connection';
import { benchContext, ownerToken } from './src/bench-context';
import { type RunningServer, startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    before: { type: 'string' },
    group: { type: 'string', default: 'bench' },
    requests: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
  },
});
if (!values.pg || !values.before)
  usageError('pass --pg postgres://… (the large data set) and --before path/to/dist/main.js');
const requests = Number(values.requests);
const groupPath = values.group as string;

const handle = await connect({ url: values.pg });
const { token } = await ownerToken(handle, groupPath, 'details-bench');
await sql`INSERT INTO application_settings (key, value) VALUES ('search_rate_limit', '1000000'::jsonb)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(handle.db);
const context = await benchContext(handle, groupPath);
const issue = await sql<{ iid: number }>`
  SELECT i.iid FROM issues i JOIN projects p ON p.id = i.project_id
  WHERE p.path = ${context.projectPath.split('/').at(-1)} ORDER BY i.id DESC LIMIT 1`.execute(handle.db);
await handle.close();

const group = `/api/v4/groups/${encodeURIComponent(groupPath)}/issues?per_page=50`;
const cases: Array<[string, string]> = [
  ['group issues, first page of 50', group],
  ['group issues, assignee + open + type', `${group}&assignee_username[]=bench_user_9&state=opened&issue_type=issue`],
  ['group issues, title contains', `${group}&search=webhook&in=title`],
  ['one issue', `/api/v4/projects/${encodeURIComponent(context.projectPath)}/issues/${issue.rows[0]?.iid}`],
];

const servers: Array<[string, RunningServer]> = [
  ['before', await startServer({ DATABASE_URL: values.pg }, 3431, [], values.before)],
  ['after', await startServer({ DATABASE_URL: values.pg }, 3432)],
];

async function time(server: RunningServer, path: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { 'private-token': token } });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${path}`);
  return ms;
}

try {
  console.log(`${requests} alternated requests per case and build (after ${values.warmup} warm-up each)`);
  console.log('case\tbefore median ms\tafter median ms');
  for (const [name, path] of cases) {
    const samples: Record<string, number[]> = { before: [], after: [] };
    for (let i = 0; i < Number(values.warmup); i++) for (const [, server] of servers) await time(server, path);
    for (let i = 0; i < requests; i++) {
      const order = i % 2 === 0 ? servers : [...servers].reverse();
      for (const [label, server] of order) samples[label]?.push(await time(server, path));
    }
    console.log(
      `${name}\t${round1(percentile(samples.before ?? [], 50))}\t${round1(percentile(samples.after ?? [], 50))}`,
    );
  }
} finally {
  for (const [, server] of servers) await server.stop();
}
