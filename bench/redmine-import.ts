/**
 * Redmine import at scale (issue 32: "a 100,000-issue Redmine imports in one run without running out
 * of memory"): a synthetic Redmine — an HTTP server on loopback that makes each answer from the path
 * asked (a page of issues, an issue with its journals, watchers, relations and subtree), holding no
 * issue in memory — is imported into a fresh PostgreSQL database through the import job, one worker
 * (as `meridian import redmine` runs it). Prints the items per kind, the time, issues per second, and
 * the peak resident memory of the process (sampled, and the kernel's maxRSS), Redmine's side included.
 *
 *   npx tsx bench/redmine-import.ts [--issues 100000] [--url postgres://postgres@127.0.0.1:5432/postgres]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import { connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { claimImportJob, importerOf, runClaimedJob, startRedmineImport } from '../apps/server/src/modules/imports';
import { findGroupRow } from '../apps/server/src/modules/namespaces';
import { loadActor } from '../apps/server/src/policy/load-actor';
import { serviceConfigOf } from '../apps/server/src/service-context';
import { createGroup, createUser } from '../apps/server/src/test/factories';
import { withScratchDatabase } from './src/scratch-database';

const { values: args } = parseArgs({
  options: {
    issues: { type: 'string', default: '100000' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ISSUES = Number(args.issues);
const KEY = 'bench-redmine-key';
const USERS = 200;
const T = '2026-01-05T10:00:00Z';

/** Project 1 (`big`) holds the odd issues, its subproject 2 (`big-sub`) the even ones; every fifth is a parent. */
const projectOf = (id: number) => (id % 2 === 1 ? 1 : 2);
const named = (id: number, name: string) => ({ id, name });
const user = (id: number) => named(id, `User ${id}`);
const parentOf = (id: number) => (id % 5 === 0 || id - (id % 5) === 0 ? null : id - (id % 5));
function summary(id: number) {
  const parent = parentOf(id);
  return {
    id,
    project: named(projectOf(id), projectOf(id) === 1 ? 'Big' : 'Big sub'),
    tracker: named(1 + (id % 3), ['Bug', 'Feature', 'Support'][id % 3] as string),
    status: { ...named(1 + (id % 6), 'S'), is_closed: id % 6 >= 4 },
    priority: named(1 + (id % 5), 'P'),
    author: user(1 + (id % USERS)),
    ...(id % 4 === 0 ? { assigned_to: user(1 + ((id * 7) % USERS)) } : {}),
    ...(id % 3 === 0 ? { category: named(1 + (id % 3), 'C') } : {}),
    ...(id % 2 === 0 ? { fixed_version: named(1 + (id % 5), 'V') } : {}),
    ...(parent ? { parent: { id: parent } } : {}),
    subject: `Synthetic issue ${id}`,
    description: `Issue **${id}** of the bench.\n\nSee #${Math.max(1, id - 1)}.`,
    start_date: '2026-01-05',
    due_date: id % 7 === 0 ? '2026-06-30' : null,
    done_ratio: 0,
    is_private: false,
    estimated_hours: id % 3 === 0 ? 2.5 : null,
    created_on: T,
    updated_on: T,
    closed_on: id % 6 >= 4 ? T : null,
  };
}
function detail(id: number) {
  const children = id % 5 === 0 && id > 0 ? [1, 2, 3, 4].map((n) => id + n).filter((c) => c <= ISSUES) : [];
  return {
    ...summary(id),
    journals: [
      {
        id: id * 2,
        user: user(1 + (id % USERS)),
        notes: `A comment on ${id}.`,
        created_on: T,
        private_notes: false,
        details: [],
      },
      {
        id: id * 2 + 1,
        user: user(1 + ((id + 1) % USERS)),
        notes: '',
        created_on: T,
        private_notes: false,
        details: [{ property: 'attr', name: 'status_id', old_value: '1', new_value: String(1 + (id % 6)) }],
      },
    ],
    watchers: [user(1 + ((id + 3) % USERS))],
    relations:
      id % 10 === 0 && id > 10
        ? [{ id, issue_id: id, issue_to_id: id - 9, relation_type: 'relates', delay: null }]
        : id % 10 === 1 && id + 9 <= ISSUES && id > 1
          ? [{ id: id + 9, issue_id: id + 9, issue_to_id: id, relation_type: 'relates', delay: null }]
          : [],
    children: children.map((c) => ({ id: c, tracker: named(1 + (c % 3), 'T'), subject: `Synthetic issue ${c}` })),
  };
}

/** The synthetic Redmine: every answer made from the path, nothing kept. */
function syntheticRedmine() {
  return createServer((req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-redmine-api-key'] !== KEY) {
      res.writeHead(401).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const page = (key: string, total: number, make: (i: number) => unknown) =>
      send({
        [key]: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => make(offset + i)),
        total_count: total,
        offset,
        limit,
      });
    const path = url.pathname;
    if (path === '/users/current.json')
      return send({ user: { id: 1, login: 'admin', admin: true, firstname: 'A', lastname: 'Dmin' } });
    if (path === '/users.json')
      return page('users', USERS, (i) => ({
        id: i + 1,
        login: `user${i + 1}`,
        firstname: 'User',
        lastname: String(i + 1),
        mail: `user${i + 1}@bench.example`,
      }));
    if (path === '/projects.json')
      return page('projects', 2, (i) => ({
        id: i + 1,
        name: i === 0 ? 'Big' : 'Big sub',
        identifier: i === 0 ? 'big' : 'big-sub',
        ...(i === 1 ? { parent: named(1, 'Big') } : {}),
        is_public: true,
        status: 1,
        created_on: T,
        updated_on: T,
      }));
    if (path === '/trackers.json')
      return send({ trackers: ['Bug', 'Feature', 'Support'].map((n, i) => named(i + 1, n)) });
    if (path === '/issue_statuses.json')
      return send({
        issue_statuses: ['New', 'In Progress', 'Resolved', 'Feedback', 'Closed', 'Rejected'].map((n, i) => ({
          ...named(i + 1, n),
          is_closed: i >= 4,
        })),
      });
    if (path === '/enumerations/issue_priorities.json')
      return send({
        issue_priorities: ['Low', 'Normal', 'High', 'Urgent', 'Immediate'].map((n, i) => named(i + 1, n)),
      });
    const inProject = path.match(/^\/projects\/(\d+)\/(versions|issue_categories)\.json$/);
    if (inProject) {
      const project = Number(inProject[1]);
      if (inProject[2] === 'versions')
        return page('versions', project === 1 ? 5 : 0, (i) => ({
          ...named(i + 1, `v${i + 1}`),
          project: named(1, 'Big'),
          status: 'open',
          due_date: null,
          sharing: 'descendants',
          created_on: T,
          updated_on: T,
        }));
      return page('issue_categories', project === 1 ? 3 : 0, (i) => ({
        ...named(i + 1, `Category ${i + 1}`),
        project: named(1, 'Big'),
      }));
    }
    const project = Number(url.searchParams.get('project_id'));
    const inIt = Math.floor(ISSUES / 2) + (project === 1 ? ISSUES % 2 : 0);
    // The n-th issue of project 1 is 2n+1, of project 2 is 2n+2.
    if (path === '/issues.json') return page('issues', inIt, (n) => summary(2 * n + project));
    if (path === '/time_entries.json')
      return page('time_entries', Math.floor(inIt / 10), (n) => ({
        id: n * 2 + project,
        project: named(project, 'P'),
        issue: { id: 20 * n + project },
        user: user(1 + (n % USERS)),
        hours: 1.5,
        comments: 'Work',
        spent_on: '2026-01-06',
        created_on: T,
      }));
    const issue = path.match(/^\/issues\/(\d+)\.json$/);
    if (issue) return send({ issue: detail(Number(issue[1])) });
    res.writeHead(404).end();
  });
}

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 250);
const redmine = syntheticRedmine();
await new Promise<void>((resolve) => redmine.listen(0, '127.0.0.1', resolve));
const redmineUrl = `http://127.0.0.1:${(redmine.address() as AddressInfo).port}`;
await withScratchDatabase(args.url, `meridian_bench_redmine_${ISSUES}`, async (url) => {
  const database = await connect({ url, poolSize: 4 });
  try {
    const db = database.db;
    await migrate(db);
    await sql`INSERT INTO application_settings (key, value) VALUES ('allow_local_requests_from_web_hooks_and_services', 'true'::jsonb)`.execute(
      db,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      UPLOADS_DIR: join(tmpdir(), 'meridian-bench-redmine'),
    });
    const me = await createUser(db, { username: 'bench_importer', admin: true });
    await createGroup(db, { name: 'Bench', path: 'bench' });
    const group = await findGroupRow(db, { fullPath: 'bench' });
    if (!group) throw new Error('no bench group');
    const actor = await loadActor(db, { id: me.id, username: me.username, admin: true }, null);
    const services = serviceConfigOf(config);
    const load = loadavg()[0]?.toFixed(2);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const job = await startRedmineImport({ db, actor, config: services }, group, {
      url: redmineUrl,
      api_key: KEY,
      projects: ['big'],
      trackers: {},
      // As measured before Textile was converted (docs/BENCHMARKS.md); Textile adds the converter's thread.
      text_formatting: 'common_mark',
    });
    const claimed = await claimImportJob(db, 'bench', { jobId: job.id });
    if (!claimed) throw new Error('the job was not claimed');
    let last = Date.now();
    const progress = setInterval(async () => {
      const row = await db.selectFrom('import_jobs').select('counters').where('id', '=', job.id).executeTakeFirst();
      const issues = (row?.counters as Record<string, { done: number }> | null)?.issues?.done ?? 0;
      if (Date.now() - last > 30_000) {
        last = Date.now();
        console.log(
          `… ${issues} issues after ${Math.round((Date.now() - started) / 1000)} s, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`,
        );
      }
    }, 5_000);
    const result = await runClaimedJob({ db, config: services, workerId: 'bench', importerOf }, claimed);
    clearInterval(progress);
    const seconds = (Date.now() - started) / 1000;
    const ended = await db
      .selectFrom('import_jobs')
      .select(['counters', 'error'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    const counters = ended.counters as Record<string, { done: number; skipped: number; total: number }>;
    const issues = counters.issues?.done ?? 0;
    const items = Object.values(counters).reduce((sum, c) => sum + c.done + c.skipped, 0);
    console.log(`load average before: ${load}; result: ${result}${ended.error ? ` (${ended.error})` : ''}`);
    console.log(
      Object.entries(counters)
        .map(([k, c]) => `${k} ${c.done}/${c.total} (${c.skipped} skipped)`)
        .join(', '),
    );
    console.log('| issues | items | time | issues/s | RSS before | peak RSS (sampled) | maxRSS |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
    console.log(
      `| ${issues.toLocaleString('en')} | ${items.toLocaleString('en')} | ${seconds.toFixed(0)} s | ${Math.round(issues / seconds)} | ${mib(before)} | ${mib(peak)} | ${mib(process.resourceUsage().maxRSS * 1024)} |`,
    );
  } finally {
    clearInterval(sampler);
    await database.close();
    redmine.close();
  }
});
