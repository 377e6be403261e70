/**
 * Unchanged poll (IE-1 / IE-6 `realtime_changes` with `If-None-Match`): its 304 against a bare
 * Fastify route answering `{}` on the same machine (target ≥ 0.5× the bare route's requests per
 * second), and the SQL statements one 304 costs (must be 0). Both servers run in this process,
 * in alternated rounds (the best of each), with autocannon on loopback; the database is a fresh in-memory PGlite
 * (or `--pg URL`, an empty PostgreSQL database it migrates).
 *
 *   npx tsx bench/live-poll.ts [--duration 10] [--rounds 3] [--connections 10] [--pg postgres://…/meridian_bench]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { digest, newPersonalAccessToken } from '../apps/server/src/auth/token-digest';
import { connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { benchApp } from './src/bench-app';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    pg: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);

async function requestsPerSecond(url: string, headers: Record<string, string>, status: number): Promise<number> {
  const result = await autocannon({ url, headers, duration, connections, expectBody: undefined });
  const total = result.requests.total;
  const wrong = total - (result.statusCodeStats?.[String(status) as '200']?.count ?? 0);
  if (wrong > 0) throw new Error(`${url}: ${wrong} of ${total} answers were not ${status}`);
  return result.requests.average;
}

const handle = await connect(values.pg ? { url: values.pg, poolSize: 10 } : {});
await migrate(handle.db);
const db = handle.db;
const user = await db
  .insertInto('users')
  .values({ username: 'poller', name: 'Poller', email: 'poller@example.com', password_hash: '!' })
  .returning('id')
  .executeTakeFirstOrThrow();
const token = newPersonalAccessToken();
await db
  .insertInto('personal_access_tokens')
  .values({ user_id: user.id, name: 'poll', token_digest: digest(token), scopes: ['api'] })
  .execute();
const group = await db
  .insertInto('namespaces')
  .values({ type: 'Group', name: 'pollers', path: 'pollers', visibility_level: 0 })
  .returning('id')
  .executeTakeFirstOrThrow();
await db.insertInto('group_members').values({ group_id: group.id, user_id: user.id, access_level: 30 }).execute();
const project = await db
  .insertInto('projects')
  .values({ namespace_id: group.id, name: 'web', path: 'web', visibility_level: 0 })
  .returning('id')
  .executeTakeFirstOrThrow();
await db.insertInto('issues').values({ project_id: project.id, iid: 1, title: 'Polled' }).execute();

const app = await benchApp(handle, { NODE_ENV: 'production' });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const pollUrl = `${base}/pollers/web/-/issues/1/realtime_changes`;
const first = await fetch(pollUrl, { headers: { 'private-token': token } });
const etag = first.headers.get('etag');
if (first.status !== 200 || !etag) throw new Error(`first poll: ${first.status} ${await first.text()}`);
const headers = { 'private-token': token, 'if-none-match': etag };

const before = handle.queryCount();
const unchanged = await fetch(pollUrl, { headers });
const statements = handle.queryCount() - before;
if (unchanged.status !== 304) throw new Error(`unchanged poll answered ${unchanged.status}`);

const bare = Fastify();
bare.get('/bare', async () => ({}));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;

// Alternated rounds, best of each: on a shared machine the load moves under a single long run.
let bareRps = 0;
let pollRps = 0;
for (let round = 0; round < rounds; round++) {
  bareRps = Math.max(bareRps, await requestsPerSecond(bareUrl, {}, 200));
  pollRps = Math.max(pollRps, await requestsPerSecond(pollUrl, headers, 304));
}
const fullRps = await requestsPerSecond(pollUrl, { 'private-token': token }, 200);
await bare.close();
await app.close();
await handle.close();

console.log(`database: ${handle.kind}, ${connections} connections, ${rounds} alternated rounds of ${duration} s`);
console.log(`SQL statements in one unchanged poll (304): ${statements}`);
console.log(`bare Fastify route:                ${Math.round(bareRps)} req/s`);
console.log(
  `unchanged poll, 304:               ${Math.round(pollRps)} req/s (${(pollRps / bareRps).toFixed(2)}× bare)`,
);
console.log(`poll without ETag, 200 (authorized): ${Math.round(fullRps)} req/s`);
if (statements !== 0 || pollRps < 0.5 * bareRps) process.exitCode = 1;
