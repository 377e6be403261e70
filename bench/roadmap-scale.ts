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
import { parseArgs } from 'node:util';
import { ensureLargeDatabase } from './src/large-database';
import {
  lastRowReachable,
  openRoadmap,
  ROADMAP_ROOT_PASSWORD,
  type RoadmapRun,
  SCROLL_SCRIPT,
  warmRoadmapPage,
} from './src/roadmap-scale-runs';
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
const VSYNC_JITTER_LIMIT = 25;

await ensureLargeDatabase(
  databaseUrl,
  { epics: Number(args.epics), issues: Number(args.epics) * 2 },
  { reseed: args.reseed, log: console.log },
);
const server = await startServer({ DATABASE_URL: databaseUrl, MERIDIAN_ROOT_PASSWORD: ROADMAP_ROOT_PASSWORD }, PORT);
const { browser, page } = await warmRoadmapPage(server.url, databaseUrl, Number(args.limit), 'roadmap-scale-bench');
try {
  const results: RoadmapRun[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await openRoadmap(page));
  const last = results.at(-1) as RoadmapRun;
  const reachable = await lastRowReachable(page, last.rows);
  const frames = (await page.evaluate(`(${SCROLL_SCRIPT})(60)`)) as number[];
  const onTime = round1((frames.filter((f) => f <= VSYNC_JITTER_LIMIT).length / frames.length) * 100);
  const stat = (pick: (r: RoadmapRun) => number) => {
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
