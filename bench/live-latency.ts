/**
 * Live update latency across processes (IE-47): two `meridian start` processes on one fresh
 * PostgreSQL database; N comments posted through REST on process A, each timed from the moment A
 * answers 201 until a graphql-ws subscriber (`workItemNoteCreated`) connected to process B receives
 * it — LISTEN/NOTIFY from A's commit to B, then B's per-event authentication, policy read and note
 * read. Prints median, p95 and max. Target: p95 ≤ 1 s.
 *
 *   npx tsx bench/live-latency.ts [--comments 200] [--pg postgres://postgres@127.0.0.1:5432/test]
 *   (ports BENCH_PORT and BENCH_PORT+1, default 3451/3452; creates and drops a bench database)
 */
import { parseArgs } from 'node:util';
import { connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { AccessLevel } from '../apps/server/src/policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../apps/server/src/test/factories';
import { liveClient } from '../apps/server/src/test/live-client';
import { createThrowawayDatabase } from '../apps/server/src/test/throwaway-database';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const { values } = parseArgs({
  options: {
    comments: { type: 'string', default: '200' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const comments = Number(values.comments);
const port = Number(process.env.BENCH_PORT ?? 3451);

const database = await createThrowawayDatabase(values.pg, 'meridian_live_bench');
const handle = await connect({ url: database.url, poolSize: 2 });
await migrate(handle.db);
const writer = await createUser(handle.db, { username: 'writer' });
const reader = await createUser(handle.db, { username: 'reader' });
const [writerToken, readerToken] = [await createToken(handle.db, writer.id), await createToken(handle.db, reader.id)];
const group = await createGroup(handle.db, { path: 'bench', visibility: 0 });
const project = await createProject(handle.db, { namespaceId: group.id, path: 'live', visibility: 0 });
await addGroupMember(handle.db, group.id, writer.id, AccessLevel.DEVELOPER);
await addGroupMember(handle.db, group.id, reader.id, AccessLevel.REPORTER);
const issue = await handle.db
  .insertInto('issues')
  .values({ project_id: project.id, iid: 1, title: 'Live' })
  .returning('id')
  .executeTakeFirstOrThrow();

const env = { DATABASE_URL: database.url };
const a = await startServer(env, port);
const b = await startServer(env, port + 1);
const client = liveClient(b.url, { token: readerToken });
try {
  const received = new Map<string, number>();
  const errors: unknown[] = [];
  client.subscribe<{ workItemNoteCreated: { body: string } }>(
    {
      query: 'subscription($id: WorkItemID!) { workItemNoteCreated(workItemId: $id) { body } }',
      variables: { id: `gid://gitlab/Issue/${issue.id}` },
    },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) received.set(value.data.workItemNoteCreated.body, performance.now());
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 500)); // the subscription reaches B
  const latencies: number[] = [];
  for (let i = 0; i < comments; i++) {
    const body = `comment ${i}`;
    const sent = performance.now();
    const res = await fetch(`${a.url}/api/v4/projects/${project.id}/issues/1/notes`, {
      method: 'POST',
      headers: { 'private-token': writerToken, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`POST note: ${res.status} ${await res.text()}`);
    while (!received.has(body)) {
      if (errors.length) throw new Error(`subscription: ${JSON.stringify(errors)}`);
      if (performance.now() - answered > 10_000) throw new Error(`${body} never arrived on B`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    latencies.push((received.get(body) ?? sent) - sent);
  }
  const ms = (n: number) => `${round1(n)} ms`;
  console.log(
    `live latency A→B (${comments} comments, PostgreSQL, graphql-ws): median ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
  );
} finally {
  await client.dispose();
  await Promise.all([a.stop(), b.stop()]);
  await handle.close();
  await database.drop();
}
