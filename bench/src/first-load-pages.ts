/** First-load JavaScript of three pages in Chromium (bench/first-load.ts, the report). */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchChromium } from '../../apps/server/src/test/chromium';
import { demoUserState, startDemoServer } from './demo-server';
import { recordScripts, type ScriptBytes } from './script-bytes';

export const FIRST_LOAD_PAGES = [
  { name: 'issue page', path: '/acme/product/web-app/-/issues/1' },
  { name: 'epics list', path: '/groups/acme/-/epics' },
  { name: 'roadmap', path: '/groups/acme/-/roadmap' },
];

export interface FirstLoad {
  name: string;
  path: string;
  scripts: ScriptBytes[];
  wireKB: number;
  decodedKB: number;
}

const kb = (n: number) => Math.round(n / 102.4) / 10;

async function firstLoad(
  browser: Browser,
  baseURL: string,
  storageState: BrowserContextOptions['storageState'],
  path: string,
): Promise<ScriptBytes[]> {
  // A new context per page: an empty HTTP cache, signed in through the saved cookies.
  const context = await browser.newContext({ baseURL, storageState });
  const page = await context.newPage();
  const scripts = await recordScripts(context, page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts();
}

/**
 * Starts a server on a fresh embedded database with the demo data on `port` and loads each page
 * signed in as `alice` with an empty cache: the scripts it downloaded, in KB on the wire and decoded.
 */
export async function measureFirstLoads(port: number): Promise<FirstLoad[]> {
  const server = await startDemoServer(port);
  const browser = await launchChromium();
  try {
    const storageState = await demoUserState(browser, server.url, 'alice');
    const loads: FirstLoad[] = [];
    for (const { name, path } of FIRST_LOAD_PAGES) {
      const scripts = await firstLoad(browser, server.url, storageState, path);
      loads.push({
        name,
        path,
        scripts,
        wireKB: kb(scripts.reduce((sum, s) => sum + s.wire, 0)),
        decodedKB: kb(scripts.reduce((sum, s) => sum + s.decoded, 0)),
      });
    }
    return loads;
  } finally {
    await browser.close();
    await server.stop();
  }
}
