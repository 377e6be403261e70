/**
 * First load in Chromium: the JavaScript a browser with an empty cache downloads before a page is
 * interactive (its heading is on screen), as bytes on the wire (compressed) and decoded, for the
 * issue page, the epics list and the roadmap on the demo data. Target: ≤ 150 KB compressed for the
 * issue page. Build first (`npm run build`).
 *
 *   npx tsx bench/first-load.ts [--detail]   (--detail: every script and its size)
 *   (starts its own server on a fresh embedded database with the demo data, port 3407, or BENCH_PORT)
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchChromium } from '../apps/server/src/test/chromium';
import { demoUserState, startDemoServer } from './src/demo-server';
import { recordScripts } from './src/script-bytes';

const PAGES = [
  { name: 'issue page', path: '/acme/product/web-app/-/issues/1' },
  { name: 'epics list', path: '/groups/acme/-/epics' },
  { name: 'roadmap', path: '/groups/acme/-/roadmap' },
];

interface Load {
  scripts: number;
  wireKB: number;
  decodedKB: number;
}

async function firstLoad(
  browser: Browser,
  baseURL: string,
  storageState: BrowserContextOptions['storageState'],
  path: string,
): Promise<Load> {
  // A new context per page: an empty HTTP cache, signed in through the saved cookies.
  const context = await browser.newContext({ baseURL, storageState });
  const page = await context.newPage();
  const scripts = await recordScripts(context, page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const all = scripts();
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  if (process.argv.includes('--detail')) {
    for (const s of all.sort((a, b) => b.wire - a.wire))
      console.log(`  ${String(kb(s.wire)).padStart(6)} KB  ${s.path}`);
  }
  return {
    scripts: all.length,
    wireKB: kb(all.reduce((sum, s) => sum + s.wire, 0)),
    decodedKB: kb(all.reduce((sum, s) => sum + s.decoded, 0)),
  };
}

const server = await startDemoServer(Number(process.env.BENCH_PORT ?? 3407));
const browser = await launchChromium();
try {
  const storageState = await demoUserState(browser, server.url, 'alice');
  for (const { name, path } of PAGES) {
    const load = await firstLoad(browser, server.url, storageState, path);
    console.log(
      `${name.padEnd(12)} ${String(load.scripts).padStart(2)} scripts  ${String(load.wireKB).padStart(6)} KB on the wire  ${String(load.decodedKB).padStart(6)} KB decoded`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
