/// <reference lib="dom" />
/**
 * The roadmap at scale, in Chromium (issue "Epic page, child-items tree and work items", roadmap at
 * scale): a group holding 10,000 epics on PostgreSQL (the large seed), the instance's
 * `roadmap_epics_limit` raised to 4,780. Each run opens the group roadmap over three years and
 * measures, from navigation start:
 *
 * - first bar: the first epic bar on screen (target ≤ 1 s);
 * - all loaded: every epic up to the limit loaded, that is the "Loading epics" row gone (target ≤ 2 s);
 *   the epics the page received are counted from its GraphQL answers;
 * then scrolls to the end (the last row must render) and, once, scrolls top to bottom at 60 px per
 * frame recording frame durations (target ≥ 95 % of frames without a missed vsync).
 *
 *   npx tsx bench/roadmap-scale.ts --pg postgres://postgres@127.0.0.1:5432/meridian_roadmap_scale [--runs 5] [--reseed]
 *
 * The database is created and seeded (`meridian seed --scale large --epics 10000 --issues 20000`)
 * when it does not exist or with --reseed. The server runs in its own process on port 3408 (or BENCH_PORT).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page, Response } from '@playwright/test';
import pg from 'pg';
import { launchChromium } from '../apps/server/src/test/chromium';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    runs: { type: 'string', default: '5' },
    epics: { type: 'string', default: '10000' },
    limit: { type: 'string', default: '4780' },
    reseed: { type: 'boolean', default: false },
  },
});
if (!args.pg) throw new Error('--pg postgres://…/database is required (the database is created if missing)');
const databaseUrl = args.pg;
const runs = Number(args.runs);
const PORT = Number(process.env.BENCH_PORT ?? 3408);
const ROOT_PASSWORD = 'roadmap-scale-bench-1';
const VSYNC_JITTER_LIMIT = 25;
const bin = fileURLToPath(new URL('../apps/server/bin/meridian.js', import.meta.url));

function meridian(...command: string[]): string {
  return execFileSync(process.execPath, [bin, ...command], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  }).trim();
}

/** Creates (or, with --reseed, recreates) the database; true when it needs seeding. */
async function ensureDatabase(): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && !args.reseed) return false;
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (exists) await admin.query(`DROP DATABASE ${quoted} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoted}`);
    return true;
  } finally {
    await admin.end();
  }
}

async function signIn(page: Page) {
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill('root');
  await page.getByLabel('Password').fill(ROOT_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Hi, / }).waitFor();
}

/** Epics in one GraphQL answer of the roadmap (RF-1's page or a `roadmapEpics` window). */
async function epicsIn(response: Response): Promise<number> {
  if (!response.url().endsWith('/api/graphql') || response.request().method() !== 'POST') return 0;
  const body = (await response.json().catch(() => null)) as {
    data?: { group?: { epics?: { nodes?: unknown[] }; roadmapEpics?: unknown[] } };
  } | null;
  return body?.data?.group?.roadmapEpics?.length ?? body?.data?.group?.epics?.nodes?.length ?? 0;
}

const ROADMAP = '/groups/bench/-/roadmap?timeframe_range_type=THREE_YEARS&layout=MONTHS&show_milestones=false';

interface Run {
  firstBar: number;
  allLoaded: number;
  epics: number;
  rows: number;
}

async function openRoadmap(page: Page): Promise<Run> {
  let epics = 0;
  const counting: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    counting.push(
      epicsIn(response).then((n) => {
        epics += n;
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto('/', { waitUntil: 'load' });
  await page.goto(ROADMAP, { waitUntil: 'commit' });
  const firstBar = (await page
    .waitForFunction(
      () => (document.querySelector('[data-testid="roadmap-bar"]') ? performance.now() : null),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue())) as number;
  const allLoaded = (await page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="roadmap-scroller"]') &&
        !document.querySelector('[data-testid="roadmap-loading-more"]')
          ? performance.now()
          : null,
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue())) as number;
  await Promise.all(counting);
  page.off('response', onResponse);
  const rows = Number(await page.getByTestId('roadmap-scroller').getAttribute('data-row-count'));
  return { firstBar, allLoaded, epics, rows };
}

/** Scrolls to the very end and checks the last row rendered (reachable, not just loaded). */
async function lastRowReachable(page: Page, rows: number): Promise<boolean> {
  const scroller = page.getByTestId('roadmap-scroller');
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.waitForTimeout(300);
  const shown = await page.getByTestId('roadmap-row').count();
  const bottomGap = await scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await page.screenshot({ path: 'e2e/test-results/screenshots/bench-roadmap-scale-end.png' });
  return rows > 0 && shown > 0 && bottomGap <= 1;
}

const SCROLL_SCRIPT = `(step) => new Promise((resolve) => {
  const el = document.querySelector('[data-testid="roadmap-scroller"]');
  el.scrollTop = 0;
  const frames = [];
  let last = performance.now();
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return resolve(frames.slice(1));
    el.scrollTop += step;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

if (await ensureDatabase()) {
  console.log(`seeding ${args.epics} epics (large seed) into ${databaseUrl} …`);
  meridian('seed', '--scale', 'large', '--epics', String(args.epics), '--issues', String(Number(args.epics) * 2));
}
const server = await startServer({ DATABASE_URL: databaseUrl, MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD }, PORT);
const rootToken = meridian('create-token', '--user', 'root', '--scopes', 'api', '--name', 'roadmap-scale-bench')
  .split('\n')
  .at(-1) as string;
const settings = await fetch(`${server.url}/api/v4/application/settings`, {
  method: 'PUT',
  headers: { 'PRIVATE-TOKEN': rootToken, 'Content-Type': 'application/json' },
  body: JSON.stringify({ roadmap_epics_limit: Number(args.limit) }),
});
if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  await signIn(page);
  await openRoadmap(page); // warm-up: the bundle in the HTTP cache, the server's caches
  const results: Run[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await openRoadmap(page));
  const last = results.at(-1) as Run;
  const reachable = await lastRowReachable(page, last.rows);
  const frames = (await page.evaluate(`(${SCROLL_SCRIPT})(60)`)) as number[];
  const onTime = round1((frames.filter((f) => f <= VSYNC_JITTER_LIMIT).length / frames.length) * 100);
  const stat = (pick: (r: Run) => number) => {
    const values = results.map(pick);
    return `median ${round1(percentile(values, 50))} ms, p95 ${round1(percentile(values, 95))} ms`;
  };
  console.log(`roadmap of group bench (three years), limit ${args.limit}, n=${runs}`);
  console.log(`  first bar on screen:        ${stat((r) => r.firstBar)}  (target <= 1000 ms)`);
  console.log(`  every epic loaded:          ${stat((r) => r.allLoaded)}  (target <= 2000 ms)`);
  console.log(`  epics received: ${results.map((r) => r.epics).join(', ')}; top-level rows: ${last.rows}`);
  console.log(`  last row reachable by scrolling: ${reachable ? 'yes' : 'NO'}`);
  console.log(
    `  scrolling at 60 px/frame: ${frames.length} frames, ${onTime}% without a missed vsync (<= ${VSYNC_JITTER_LIMIT} ms), p95 ${round1(percentile(frames, 95))} ms  (target >= 95%)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
