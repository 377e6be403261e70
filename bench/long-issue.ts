/**
 * A long-lived issue in Chromium (issue 12, "Speed"): GitLab's dependency-dashboard issues collect
 * thousands of notes. On the demo data plus one issue with 5,000 notes (seedLongIssue: comments,
 * threads with replies, system notes, award emoji), signed in as `alice`:
 *
 * 1. Seeding time of the 5,000 notes (bulk inserts), and the server time of a discussions page
 *    (first, middle and last page of 20) through the REST API.
 * 2. Cold loads (new browser context each): from navigation start to the first note in the
 *    document (target ≤ 1 s).
 * 3. Scrolling: the window scrolled by 40 px a frame (2,400 px/s at 60 Hz) from the first note until
 *    1,000 notes have been rendered (the timeline fetches the next pages as it goes); each
 *    requestAnimationFrame interval is a frame, on time when ≤ 1.5 × the display's frame (25 ms at
 *    60 Hz). Target ≥ 95 % of frames on time.
 *
 *   npm run build && npx tsx bench/long-issue.ts [--loads 7 --scrolls 3 --notes 5000]
 *   (starts its own server on a fresh embedded database with the demo data, port 3457)
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { connect } from '../apps/server/src/db/connection';
import { seedLongIssue } from '../apps/server/src/seed/long-issue';
import { launchChromium } from '../apps/server/src/test/chromium';
import { demoUserState, seedDemoDataDir } from './src/demo-server';
import { startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const { values: args } = parseArgs({
  options: {
    loads: { type: 'string', default: '7' },
    scrolls: { type: 'string', default: '3' },
    notes: { type: 'string', default: '5000' },
    port: { type: 'string', default: '3457' },
  },
});
const PORT = Number(args.port);
const NOTES = Number(args.notes);
const SCROLL_NOTES = 1000;
const PROJECT = 'acme/product/web-app';
const VIEWPORT = { width: 1400, height: 900 };
type State = BrowserContextOptions['storageState'];

const median = (values: number[]) => percentile(values, 50);

/** Opens the issue in a fresh context; ms from navigation start to the first note in the document. */
interface LoadFigures {
  firstNote: number;
  /** When the first page of discussions was asked for and answered, ms from navigation start. */
  discussions: [number, number];
  /** When the issue itself was answered. */
  issue: number;
  domContentLoaded: number;
}

async function coldLoad(browser: Browser, baseURL: string, state: State, path: string): Promise<LoadFigures> {
  const context = await browser.newContext({ baseURL, storageState: state, viewport: VIEWPORT });
  try {
    await context.addInitScript(`(() => {
      const watcher = new MutationObserver(() => {
        const note = document.querySelector('[id^="note_"]');
        if (note && note.getBoundingClientRect().height > 0) {
          window.__firstNoteAt = performance.now();
          watcher.disconnect();
        }
      });
      watcher.observe(document, { childList: true, subtree: true });
    })()`);
    const page = await context.newPage();
    await page.goto(path);
    await page.locator('[id^="note_"]').first().waitFor({ timeout: 30_000 });
    return (await page.evaluate(`(() => {
      const resources = performance.getEntriesByType('resource');
      const d = resources.find((r) => r.name.includes('/discussions'));
      const issue = resources.find((r) => /\\/issues\\/\\d+(\\?|$)/.test(new URL(r.name).pathname + '?'));
      return {
        firstNote: window.__firstNoteAt,
        discussions: d ? [d.startTime, d.responseEnd] : [0, 0],
        issue: issue ? issue.responseEnd : 0,
        domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      };
    })()`)) as LoadFigures;
  } finally {
    await context.close();
  }
}

interface ScrollFigures {
  frames: number;
  onTime: number;
  p95Frame: number;
  maxFrame: number;
  notes: number;
  seconds: number;
  requests: number;
}

/** Scrolls the activity until `SCROLL_NOTES` notes have been rendered, timing every frame. */
async function scrollRun(browser: Browser, baseURL: string, state: State, path: string): Promise<ScrollFigures> {
  const context = await browser.newContext({ baseURL, storageState: state, viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    let requests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/discussions')) requests += 1;
    });
    await page.goto(path);
    const first = page.locator('[id^="note_"]').first();
    await first.waitFor();
    await first.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    const figures = await page.evaluate(
      `new Promise((resolve) => {
        const seen = new Set();
        const intervals = [];
        let last = performance.now();
        const started = last;
        let frame = 0;
        const step = (now) => {
          intervals.push(now - last);
          last = now;
          window.scrollBy(0, 40);
          if (++frame % 5 === 0) for (const el of document.querySelectorAll('[id^="note_"]')) seen.add(el.id);
          if (seen.size >= ${SCROLL_NOTES} || now - started > 120000) {
            resolve({ intervals: intervals.slice(1), notes: seen.size, seconds: (now - started) / 1000 });
          } else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      })`,
    );
    const { intervals, notes, seconds } = figures as { intervals: number[]; notes: number; seconds: number };
    // The display's frame: the median interval (16.7 ms at 60 Hz).
    const budget = 1.5 * median(intervals);
    return {
      frames: intervals.length,
      onTime: intervals.filter((i) => i <= budget).length / intervals.length,
      p95Frame: percentile(intervals, 95),
      maxFrame: Math.max(...intervals),
      notes,
      seconds,
      requests,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map(round1).join(' ')}`);
  // 1. The demo data (the server seeds it on its first start), then the long issue in the same data directory.
  const demo = await seedDemoDataDir(PORT);
  const dataDir = demo.dataDir;
  let iid = 0;
  let seedMs = 0;
  {
    const handle = await connect({ dataDir });
    try {
      const project = await sql<{ id: number }>`
        SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id
        WHERE p.path = 'web-app' AND n.path = 'product'`.execute(handle.db);
      const users = await handle.db.selectFrom('users').select('id').where('state', '=', 'active').execute();
      const started = performance.now();
      const issue = await seedLongIssue(handle.db, {
        projectId: project.rows[0]!.id,
        userIds: users.map((u) => u.id),
        notes: NOTES,
      });
      seedMs = performance.now() - started;
      iid = issue.iid;
      console.log(
        `seeded #${issue.iid}: ${issue.notes} notes in ${issue.discussions} discussions, ${issue.awards} award emoji, in ${Math.round(seedMs)} ms`,
      );
    } finally {
      await handle.close();
    }
  }
  const server = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'none' }, PORT);
  const browser = await launchChromium();
  const path = `/${PROJECT}/-/issues/${iid}`;
  try {
    const state = await demoUserState(browser, server.url, 'alice');
    // 2. The server time of a discussions page: first, middle, last (median of 9 each).
    const api = await browser.newContext({ baseURL: server.url, storageState: state });
    const pageTimes: string[] = [];
    const encoded = encodeURIComponent(PROJECT);
    const first = await api.request.get(`/api/v4/projects/${encoded}/issues/${iid}/discussions?per_page=20`);
    const totalPages = Number(first.headers()['x-total-pages']);
    for (const [name, page] of [
      ['first', 1],
      ['middle', Math.ceil(totalPages / 2)],
      ['last', totalPages],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const started = performance.now();
        const res = await api.request.get(
          `/api/v4/projects/${encoded}/issues/${iid}/discussions?per_page=20&page=${page}`,
        );
        if (!res.ok()) throw new Error(`discussions page ${page}: ${res.status()}`);
        await res.body();
        times.push(performance.now() - started);
      }
      pageTimes.push(`${name} (page ${page}) ${round1(median(times))} ms`);
    }
    await api.close();
    console.log(`discussions pages of 20 (of ${totalPages}), median of 9 over HTTP: ${pageTimes.join(', ')}`);

    // 3. Cold loads.
    await coldLoad(browser, server.url, state, path); // warm-up (server caches, disk)
    const figures: LoadFigures[] = [];
    for (let i = 0; i < Number(args.loads); i += 1) figures.push(await coldLoad(browser, server.url, state, path));
    const loads = figures.map((f) => f.firstNote);
    const m = (pick: (f: LoadFigures) => number) => Math.round(median(figures.map(pick)));
    console.log(
      `first note in the document (cold context, ${loads.length} loads): median ${Math.round(median(loads))} ms, max ${Math.round(Math.max(...loads))} ms (target ≤ 1000 ms)`,
    );
    console.log(
      `  medians: DOMContentLoaded ${m((f) => f.domContentLoaded)} ms, issue answered ${m((f) => f.issue)} ms, first discussions page asked ${m((f) => f.discussions[0])} ms, answered ${m((f) => f.discussions[1])} ms`,
    );

    // 4. Scrolling.
    const runs: ScrollFigures[] = [];
    for (let i = 0; i < Number(args.scrolls); i += 1) runs.push(await scrollRun(browser, server.url, state, path));
    for (const [i, r] of runs.entries()) {
      console.log(
        `scroll run ${i + 1}: ${r.notes} notes rendered in ${round1(r.seconds)} s, ${r.frames} frames, ${(r.onTime * 100).toFixed(1)} % on time, p95 frame ${round1(r.p95Frame)} ms, max ${round1(r.maxFrame)} ms, ${r.requests} discussions requests`,
      );
    }
    console.log(
      `scrolling through ${SCROLL_NOTES} notes: median ${(median(runs.map((r) => r.onTime)) * 100).toFixed(1)} % of frames on time (target ≥ 95 %)`,
    );
    console.log(`seeding ${NOTES} notes: ${Math.round(seedMs)} ms`);
  } finally {
    await browser.close();
    await server.stop();
    demo.removeData();
  }
}

await main();
