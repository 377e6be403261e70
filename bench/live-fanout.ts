/**
 * Live fan-out (security review 2026-11-28, H2): `--subscribers` (1,000) anonymous graphql-ws
 * subscriptions to `workItemUpdated` on one public demo issue, `--edits` (20) edits of its title
 * through REST one after the other, while another user's GET of an unrelated issue is sampled
 * (one at a time, 50 ms apart). Prints per server: the GET's median and p95 idle and during the
 * edits, each edit's PUT and its time until every subscriber had the event, the events delivered,
 * and the server's CPU time per edit (utime+stime from /proc). Targets: the GET's p95 ≤ 100 ms
 * during the edits, and the server's work per edit flat in the number of subscribers (run with
 * `--subscribers 100` to compare).
 *
 * The server is `meridian start` in its own process on a copy of one embedded database with the
 * demo data, rate limits off. Subscribers are 4 to a connection (as an issue page), 25 connections
 * per loopback address 127.0.0.11, .12, … (under the per-address caps). `--before DIR` also runs the
 * server of another checkout (e.g. `git worktree add /tmp/live-before c29211f` and `npm ci` there),
 * alternating before/after for `--rounds` rounds. Every wait is bounded (`--max-seconds` per run).
 *
 *   npx tsx bench/live-fanout.ts [--subscribers 1000] [--edits 20] [--edit-every 500] [--rounds 1] [--before /tmp/live-before] [--port 3461]
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client } from 'graphql-ws';
import { digest, newPersonalAccessToken } from '../apps/server/src/auth/token-digest';
import { connect } from '../apps/server/src/db/connection';
import { liveClient } from '../apps/server/src/test/live-client';
import { seedDemoDataDir } from './src/demo-server';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    edits: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '1' },
    before: { type: 'string' },
    port: { type: 'string', default: '3461' },
    'edit-every': { type: 'string', default: '500' },
    'max-seconds': { type: 'string', default: '300' },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const EDITS = Number(args.edits);
const PORT = Number(args.port);
const MAX_RUN_MS = Number(args['max-seconds']) * 1000;
const EDIT_EVERY_MS = Number(args['edit-every']);
const PER_CONNECTION = 4;
const CONNECTIONS_PER_ADDRESS = 25;
const SAMPLE_GAP_MS = 50;
const CLOCK_TICKS_PER_S = 100; // getconf CLK_TCK on Linux

const UPDATED = `subscription($id: WorkItemID!) { workItemUpdated(workItemId: $id) {
  ... on Issue { title description author { username } labels { nodes { title } } } } }`;

interface Fixture {
  watched: { projectId: number; iid: number; id: number };
  unrelated: { projectId: number; iid: number };
  editorToken: string;
  readerToken: string;
}

/** A public issue to watch, an unrelated issue, an administrator's token to edit and alice's to read. */
async function prepare(dataDir: string): Promise<Fixture> {
  const handle = await connect({ dataDir });
  try {
    const db = handle.db;
    const issues = await db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['i.id', 'i.iid', 'i.project_id', 'p.visibility_level'])
      .where('n.visibility_level', '=', 20)
      .where('i.confidential', '=', false)
      .orderBy('i.id')
      .execute();
    const watched = issues.find((i) => i.visibility_level === 20);
    const unrelated = issues.find((i) => watched && i.project_id !== watched.project_id);
    if (!watched || !unrelated) throw new Error('the demo data has no two public issues in different projects');
    const tokenFor = async (userId: number) => {
      const token = newPersonalAccessToken();
      await db
        .insertInto('personal_access_tokens')
        .values({ user_id: userId, name: 'bench', token_digest: digest(token), scopes: ['api'] })
        .execute();
      return token;
    };
    const admin = await db.selectFrom('users').select('id').where('admin', '=', true).executeTakeFirstOrThrow();
    const alice = await db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    return {
      watched: { projectId: watched.project_id, iid: watched.iid, id: watched.id },
      unrelated: { projectId: unrelated.project_id, iid: unrelated.iid },
      editorToken: await tokenFor(admin.id),
      readerToken: await tokenFor(alice.id),
    };
  } finally {
    await handle.close();
  }
}

const cpuTicks = (pid: number) => {
  // Fields after the command name: state is field 3, utime 14, stime 15.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${round1(n)} ms`;

interface RunFigures {
  label: string;
  getIdle: number[];
  getDuring: number[];
  puts: number[];
  deliveries: number[];
  delivered: number;
  expected: number;
  cpuMsPerEdit: number;
  edits: number;
}

async function run(label: string, bin: string | undefined, template: string, f: Fixture): Promise<RunFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-fanout-'));
  cpSync(template, dataDir, { recursive: true });
  const server = await startServer(
    { DATA_DIR: dataDir, MERIDIAN_SEED: 'none', MERIDIAN_RUN_SOURCES: '1' },
    PORT,
    [],
    bin,
  );
  const clients: Client[] = [];
  const deadline = Date.now() + MAX_RUN_MS;
  try {
    const pid = server.process.pid ?? 0;
    const getUnrelated = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v4/projects/${f.unrelated.projectId}/issues/${f.unrelated.iid}`, {
        headers: { 'private-token': f.readerToken },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET unrelated issue: ${res.status}`);
      return performance.now() - started;
    };
    const rename = async (title: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v4/projects/${f.watched.projectId}/issues/${f.watched.iid}`, {
        method: 'PUT',
        headers: { 'private-token': f.editorToken, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`PUT watched issue: ${res.status}`);
      return performance.now() - started;
    };

    for (let i = 0; i < 5; i++) await getUnrelated(); // warm-up
    const getIdle: number[] = [];
    for (let i = 0; i < 40; i++) {
      getIdle.push(await getUnrelated());
      await sleep(SAMPLE_GAP_MS);
    }

    const arrivals = new Map<string, number>();
    const errors: unknown[] = [];
    for (let c = 0; c * PER_CONNECTION < SUBSCRIBERS; c++) {
      const localAddress = `127.0.0.${11 + Math.floor(c / CONNECTIONS_PER_ADDRESS)}`;
      const client = liveClient(server.url, { localAddress });
      clients.push(client);
      for (let s = 0; s < PER_CONNECTION && c * PER_CONNECTION + s < SUBSCRIBERS; s++) {
        client.subscribe<{ workItemUpdated: { title: string } }>(
          { query: UPDATED, variables: { id: `gid://gitlab/Issue/${f.watched.id}` } },
          {
            next: (value) => {
              if (value.errors) errors.push(...value.errors);
              const title = value.data?.workItemUpdated.title;
              if (title) arrivals.set(title, (arrivals.get(title) ?? 0) + 1);
            },
            error: (error) => errors.push(error),
            complete: () => undefined,
          },
        );
      }
    }
    const everyone = async (title: string, until: number) => {
      while ((arrivals.get(title) ?? 0) < SUBSCRIBERS && Date.now() < until) {
        if (errors.length) throw new Error(`subscription: ${JSON.stringify(errors.slice(0, 3))}`);
        await sleep(5);
      }
      return (arrivals.get(title) ?? 0) >= SUBSCRIBERS;
    };
    // A subscription gives no sign the server took it: edit until one edit reaches every subscriber.
    let ready = false;
    for (let i = 0; !ready && Date.now() < deadline; i++) {
      const title = `${label} warm-up ${i}`;
      await rename(title);
      ready = await everyone(title, Math.min(deadline, Date.now() + 30_000));
    }
    if (!ready) throw new Error(`${label}: the ${SUBSCRIBERS} subscriptions were not all in place in time`);

    const getDuring: number[] = [];
    let editing = true;
    const sampler = (async () => {
      while (editing) {
        getDuring.push(await getUnrelated());
        await sleep(SAMPLE_GAP_MS);
      }
    })();
    const cpuBefore = cpuTicks(pid);
    const puts: number[] = [];
    const deliveries: number[] = [];
    let delivered = 0;
    for (let i = 0; i < EDITS && Date.now() < deadline; i++) {
      const title = `${label} edit ${i}`;
      const sent = performance.now();
      puts.push(await rename(title));
      await everyone(title, deadline);
      deliveries.push(performance.now() - sent);
      delivered += arrivals.get(title) ?? 0;
      await sleep(EDIT_EVERY_MS - (performance.now() - sent));
    }
    const cpuMsPerEdit = (((cpuTicks(pid) - cpuBefore) / CLOCK_TICKS_PER_S) * 1000) / Math.max(1, puts.length);
    editing = false;
    await sampler;
    return {
      label,
      getIdle,
      getDuring,
      puts,
      deliveries,
      delivered,
      expected: puts.length * SUBSCRIBERS,
      cpuMsPerEdit,
      edits: puts.length,
    };
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const p = (values: number[], n: number) => ms(percentile(values, n));

console.log(`machine: ${cpus().length} cores, load average ${loadavg().map(round1).join(' ')}`);
const template = await seedDemoDataDir(PORT);
try {
  const fixture = await prepare(template.dataDir);
  const figures: RunFigures[] = [];
  const rounds = Number(args.rounds);
  for (let r = 0; r < rounds; r++) {
    const order: Array<['before' | 'after', string | undefined]> = [['after', undefined]];
    if (args.before) order.unshift(['before', join(args.before, 'apps/server/bin/meridian.js')]);
    if (r % 2 === 1) order.reverse();
    for (const [label, bin] of order) {
      const result = await run(label, bin, template.dataDir, fixture);
      figures.push(result);
      console.log(
        `${label} (round ${r + 1}, ${SUBSCRIBERS} subscribers, ${result.edits} edits): ` +
          `GET idle p50 ${p(result.getIdle, 50)} p95 ${p(result.getIdle, 95)}; ` +
          `GET during edits p50 ${p(result.getDuring, 50)} p95 ${p(result.getDuring, 95)} max ${ms(Math.max(...result.getDuring))} (n=${result.getDuring.length}); ` +
          `PUT p50 ${p(result.puts, 50)} max ${ms(Math.max(...result.puts))}; ` +
          `edit → all delivered p50 ${p(result.deliveries, 50)} p95 ${p(result.deliveries, 95)}; ` +
          `events ${result.delivered}/${result.expected}; server CPU ${ms(result.cpuMsPerEdit)} per edit`,
      );
    }
  }
  console.log(`load average at the end ${loadavg().map(round1).join(' ')}`);
} finally {
  template.removeData();
}
