/**
 * Poll soak (issue 12, "Speed"): 500 open issue pages polling `realtime_changes` with
 * `If-None-Match` at the page's interval (Poll-Interval 3 s, so ~167 requests/s), for `--minutes`
 * (default 10), while one issue in `--change-every` seconds (default 2) is edited through the API —
 * the pages on it get a 200 with the new state on their next poll, the others 304s. Targets: p95
 * latency < 100 ms, and the server's resident memory at the end within 10 % of what it was after the
 * warm-up (the first minute, or a tenth of a shorter run).
 *
 * The server is `meridian start` in its own process (RSS read from /proc), on a fresh embedded
 * database (or `--pg URL`, an empty PostgreSQL database), rate limits off (one client plays 500
 * pages); 50 issues, 20 users with a token each, page i polls issue i mod 50 as user i mod 20.
 *
 *   npm run build && npx tsx bench/poll-soak.ts [--minutes 10] [--pages 500] [--port 3458]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { digest, newPersonalAccessToken } from '../apps/server/src/auth/token-digest';
import { connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    pages: { type: 'string', default: '500' },
    'change-every': { type: 'string', default: '2' },
    port: { type: 'string', default: '3458' },
    pg: { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const PAGES = Number(args.pages);
const CHANGE_EVERY_MS = Number(args['change-every']) * 1000;
const PORT = Number(args.port);
const ISSUES = 50;
const USERS = 20;
const INTERVAL_MS = 3000;
const DURATION_MS = MINUTES * 60_000;
const WARM_UP_MS = Math.min(60_000, DURATION_MS / 10);

/** Users with tokens, a private group and project the users are Developers of, and its issues. */
async function prepare(options: { url?: string; dataDir?: string }): Promise<string[]> {
  const handle = await connect(options);
  try {
    const db = handle.db;
    await migrate(db);
    const group = await db
      .insertInto('namespaces')
      .values({ type: 'Group', name: 'pollers', path: 'pollers', visibility_level: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({ namespace_id: group.id, name: 'web', path: 'web', visibility_level: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('issues')
      .values(
        Array.from({ length: ISSUES }, (_, i) => ({ project_id: project.id, iid: i + 1, title: `Polled ${i + 1}` })),
      )
      .execute();
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const user = await db
        .insertInto('users')
        .values({ username: `poller${i}`, name: `Poller ${i}`, email: `poller${i}@example.com`, password_hash: '!' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('group_members').values({ group_id: group.id, user_id: user.id, access_level: 30 }).execute();
      const token = newPersonalAccessToken();
      await db
        .insertInto('personal_access_tokens')
        .values({ user_id: user.id, name: 'poll', token_digest: digest(token), scopes: ['api'] })
        .execute();
      tokens.push(token);
    }
    return tokens;
  } finally {
    await handle.close();
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function get(path: string, headers: Record<string, string>): Promise<{ status: number; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
    });
    req.on('error', reject);
    req.end();
  });
}

function put(path: string, token: string, body: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: 'PUT',
        agent,
        headers: {
          'private-token': token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function main() {
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map(round1).join(' ')}`);
  const dataDir = args.pg ? undefined : mkdtempSync(join(tmpdir(), 'meridian-poll-soak-'));
  const tokens = await prepare(args.pg ? { url: args.pg } : { dataDir });
  const server = await startServer(
    args.pg ? { DATABASE_URL: args.pg, MERIDIAN_SEED: 'none' } : { DATA_DIR: dataDir!, MERIDIAN_SEED: 'none' },
    PORT,
  );
  const pid = server.process.pid!;
  // What the server says (warnings and up), kept to report it should it exit during the run.
  let serverOutput = '';
  for (const stream of [server.process.stdout, server.process.stderr])
    stream?.on('data', (d: Buffer) => {
      serverOutput = (serverOutput + d.toString()).slice(-4000);
    });
  server.process.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`the server exited during the run (code ${code}, signal ${signal}):\n${serverOutput}`);
    process.exit(2);
  });
  const started = performance.now();
  const latencies: { at: number; ms: number }[] = [];
  const statuses = new Map<number, number>();
  const errors: string[] = [];
  const rss: { at: number; mb: number }[] = [{ at: 0, mb: rssOf(pid) }];
  let stopping = false;
  const timers: NodeJS.Timeout[] = [];

  const poll = async (page: number, etag: { value?: string }) => {
    const path = `/pollers/web/-/issues/${(page % ISSUES) + 1}/realtime_changes`;
    const headers: Record<string, string> = { 'private-token': tokens[page % USERS]! };
    if (etag.value) headers['if-none-match'] = etag.value;
    const t0 = performance.now();
    try {
      const res = await get(path, headers);
      latencies.push({ at: t0 - started, ms: performance.now() - t0 });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200 && res.etag) etag.value = res.etag;
    } catch (error) {
      errors.push(String(error));
    }
  };
  // Each page opens at a random moment of the first interval, then polls every 3 s (as the page's
  // timer does: the next poll is scheduled when the previous one has answered).
  for (let page = 0; page < PAGES; page += 1) {
    const etag: { value?: string } = {};
    const loop = async () => {
      if (stopping) return;
      await poll(page, etag);
      if (!stopping) timers.push(setTimeout(loop, INTERVAL_MS));
    };
    timers.push(setTimeout(loop, Math.random() * INTERVAL_MS));
  }
  let changes = 0;
  const changer = setInterval(() => {
    const iid = 1 + (changes % ISSUES);
    changes += 1;
    void put(`/api/v4/projects/pollers%2Fweb/issues/${iid}`, tokens[0]!, { title: `Polled ${iid} (${changes})` }).then(
      (status) => {
        if (status !== 200) errors.push(`PUT issue ${iid}: ${status}`);
      },
      (error) => errors.push(String(error)),
    );
  }, CHANGE_EVERY_MS);
  const sampler = setInterval(() => rss.push({ at: performance.now() - started, mb: rssOf(pid) }), 5000);
  const progress = setInterval(() => {
    const recent = latencies.filter((l) => l.at > performance.now() - started - 60_000).map((l) => l.ms);
    console.log(
      `  ${Math.round((performance.now() - started) / 1000)} s: ${latencies.length} polls, last minute p95 ${round1(percentile(recent, 95))} ms, RSS ${Math.round(rss[rss.length - 1]!.mb)} MB`,
    );
  }, 60_000);

  await new Promise((r) => setTimeout(r, DURATION_MS));
  stopping = true;
  clearInterval(changer);
  clearInterval(sampler);
  clearInterval(progress);
  for (const t of timers) clearTimeout(t);
  await new Promise((r) => setTimeout(r, 500));
  rss.push({ at: performance.now() - started, mb: rssOf(pid) });
  await server.stop();
  agent.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });

  const measured = latencies.filter((l) => l.at >= WARM_UP_MS).map((l) => l.ms);
  const afterWarmUp = rss.find((r) => r.at >= WARM_UP_MS) ?? rss[0]!;
  const end = rss[rss.length - 1]!;
  const peak = Math.max(...rss.filter((r) => r.at >= WARM_UP_MS).map((r) => r.mb));
  const growth = (end.mb - afterWarmUp.mb) / afterWarmUp.mb;
  const seconds = (DURATION_MS - WARM_UP_MS) / 1000;
  const p95 = percentile(measured, 95);
  console.log(
    `database: ${args.pg ? 'postgres' : 'pglite'}; ${PAGES} pages polling every ${INTERVAL_MS / 1000} s for ${MINUTES} min (warm-up ${WARM_UP_MS / 1000} s), an issue edited every ${CHANGE_EVERY_MS / 1000} s (${changes} edits)`,
  );
  console.log(
    `answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}; ${errors.length} errors${errors.length ? ` (first: ${errors[0]})` : ''}`,
  );
  console.log(
    `after warm-up: ${measured.length} polls (${round1(measured.length / seconds)} req/s), latency median ${round1(percentile(measured, 50))} ms, p95 ${round1(p95)} ms, p99 ${round1(percentile(measured, 99))} ms, max ${round1(Math.max(...measured))} ms (target p95 < 100 ms)`,
  );
  console.log(
    `server RSS: ${Math.round(rss[0]!.mb)} MB at start, ${Math.round(afterWarmUp.mb)} MB after warm-up, ${Math.round(end.mb)} MB at the end (peak ${Math.round(peak)} MB): ${(growth * 100).toFixed(1)} % growth (target ≤ 10 %)`,
  );
  if (p95 >= 100 || growth > 0.1 || errors.length > 0) process.exitCode = 1;
}

await main();
