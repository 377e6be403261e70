/// <reference lib="dom" />
/** The roadmap at scale in Chromium: sign-in, one timed opening, the end of the list (bench/roadmap-scale.ts, the report). */
import type { Browser, Page, Response } from '@playwright/test';
import { launchChromium } from '../../apps/server/src/test/chromium';
import { createToken } from './meridian-cli';
import { setRootPassword } from './root-password';

/** The password the roadmap benches give `root` (MERIDIAN_ROOT_PASSWORD on a database's first start). */
export const ROADMAP_ROOT_PASSWORD = 'roadmap-scale-bench-1';

/** Raises the instance's `roadmap_epics_limit` (default 1,000) through the admin settings API. */
export async function setRoadmapEpicsLimit(serverUrl: string, rootToken: string, limit: number): Promise<void> {
  const settings = await fetch(`${serverUrl}/api/v4/application/settings`, {
    method: 'PUT',
    headers: { 'PRIVATE-TOKEN': rootToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ roadmap_epics_limit: limit }),
  });
  if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
}

/** Signs `page` in as the instance administrator `root`. */
export async function signInAsRoot(page: Page, password: string) {
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill('root');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Hi, / }).waitFor();
}

/**
 * Chromium signed in as `root` on the server at `serverUrl` (over `databaseUrl`), with the instance's
 * `roadmap_epics_limit` raised to `limit`, and the roadmap opened once (warm-up: the bundle in the
 * HTTP cache, the server's caches). The caller closes the browser.
 */
export async function warmRoadmapPage(
  serverUrl: string,
  databaseUrl: string,
  limit: number,
  tokenName: string,
): Promise<{ browser: Browser; page: Page }> {
  await setRootPassword(databaseUrl, ROADMAP_ROOT_PASSWORD);
  const rootToken = createToken({ DATABASE_URL: databaseUrl }, 'root', tokenName);
  await setRoadmapEpicsLimit(serverUrl, rootToken, limit);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: serverUrl, viewport: { width: 1400, height: 900 } });
    await signInAsRoot(page, ROADMAP_ROOT_PASSWORD);
    await openRoadmap(page);
    return { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Epics in one GraphQL answer of the roadmap (RF-1's page or a `roadmapEpics` window). */
async function epicsIn(response: Response): Promise<number> {
  if (!response.url().endsWith('/api/graphql') || response.request().method() !== 'POST') return 0;
  const body = (await response.json().catch(() => null)) as {
    data?: { group?: { epics?: { nodes?: unknown[] }; roadmapEpics?: unknown[] } };
  } | null;
  return body?.data?.group?.roadmapEpics?.length ?? body?.data?.group?.epics?.nodes?.length ?? 0;
}

export const ROADMAP_PATH =
  '/groups/bench/-/roadmap?timeframe_range_type=THREE_YEARS&layout=MONTHS&show_milestones=false';

export interface RoadmapRun {
  firstBar: number;
  allLoaded: number;
  epics: number;
  rows: number;
}

/**
 * Opens the roadmap from the home page and answers, from navigation start, when the first bar and
 * every epic up to the limit (the "Loading epics" row gone) were on screen, with the epics received.
 */
export async function openRoadmap(page: Page): Promise<RoadmapRun> {
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
  await page.goto(ROADMAP_PATH, { waitUntil: 'commit' });
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
export async function lastRowReachable(page: Page, rows: number): Promise<boolean> {
  const scroller = page.getByTestId('roadmap-scroller');
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.waitForTimeout(300);
  const shown = await page.getByTestId('roadmap-row').count();
  const bottomGap = await scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await page.screenshot({ path: 'e2e/test-results/screenshots/bench-roadmap-scale-end.png' });
  return rows > 0 && shown > 0 && bottomGap <= 1;
}

/** Runs in the page: scrolls top to bottom by `step` px per frame, answering every frame's duration. */
export const SCROLL_SCRIPT = `(step) => new Promise((resolve) => {
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
