/// <reference lib="dom" />
/**
 * Suggestion latency of the filtered-search bar, as a user sees it: Playwright (Debian's Chromium)
 * types into the bar of a project issue list and measures, per run, from the end of the 200 ms
 * debounce after the last keystroke to the first render of the dropdown after the suggestion
 * response arrived (request + server + JSON + React render). Median and p95 over the runs.
 *
 *   npx tsx bench/suggestion-latency.ts [--url http://127.0.0.1:3000] [--runs 30]
 *   (no --url: starts a server on a fresh embedded database with the demo data, port 3404)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { launchChromium } from '../apps/server/src/test/chromium';
import { type RunningServer, startServer } from './src/server-process';
import { percentile, round1 } from './src/stats';

const DEBOUNCE_MS = 200;
const PROJECT = 'acme/product/web-app';
const LABEL_TERMS = ['priority', 'type', 'workflow', 'team', 'front', 'back', 'secur', 'perfor', 'design', 'UX'];
const USER_TERMS = ['ali', 'bob', 'car', 'dav', 'eri', 'fra', 'gra', 'hei', 'iva', 'jud'];

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '30' } },
});
const runs = Number(args.runs);

const bar = (page: Page) => page.getByRole('combobox', { name: 'Search or filter results' });

async function openValueList(page: Page, key: 'label' | 'author') {
  await page.goto(`/${PROJECT}/-/issues`);
  await bar(page).focus();
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  await page.keyboard.type('=');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox', { name: /values$/ }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Types `term`, then returns ms from (last input + debounce) to the first dropdown render after the response. */
async function measure(page: Page, term: string, resource: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __mutations: number[]; __lastInput: number };
    w.__mutations = [];
    performance.clearResourceTimings();
    const input = document.querySelector('[role="combobox"][aria-label="Search or filter results"]');
    input?.addEventListener('input', () => {
      w.__lastInput = performance.now();
    });
    const observer = new MutationObserver(() => w.__mutations.push(performance.now()));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  const response = page.waitForResponse((r) => r.url().includes(resource) && r.url().includes(`search=${term}`), {
    timeout: 10_000,
  });
  await page.keyboard.type(term);
  await response;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(50);
  return page.evaluate(
    ({ resource, term, debounce }) => {
      const w = window as unknown as { __mutations: number[]; __lastInput: number };
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes(resource) && e.name.includes(`search=${term}`)) as PerformanceResourceTiming;
      const rendered = w.__mutations.find((t) => t >= entry.responseEnd) ?? entry.responseEnd;
      return rendered - (w.__lastInput + debounce);
    },
    { resource, term, debounce: DEBOUNCE_MS },
  );
}

let server: RunningServer | undefined;
let dataDir: string | undefined;
let baseURL = args.url;
if (!baseURL) {
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-suggest-'));
  server = await startServer(
    {
      DATA_DIR: dataDir,
      MERIDIAN_SEED: 'demo',
      MERIDIAN_DEMO_PASSWORD: 'meridian-demo',
      MERIDIAN_ROOT_PASSWORD: 'bench-root-pw',
    },
    3404,
  );
  baseURL = server.url;
}
const browser = await launchChromium();
try {
  const page = await browser.newPage({ baseURL });
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill('alice');
  await page.getByLabel('Password').fill('meridian-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Hi, / }).waitFor();

  const results: Record<string, number[]> = { labels: [], users: [] };
  for (let i = 0; i < runs; i += 1) {
    const useLabels = i % 2 === 0;
    await openValueList(page, useLabels ? 'label' : 'author');
    const terms = useLabels ? LABEL_TERMS : USER_TERMS;
    const term = terms[Math.floor(i / 2) % terms.length] ?? 'a';
    const resource = useLabels ? '/-/labels.json' : '/-/autocomplete/users.json';
    try {
      (useLabels ? results.labels : results.users)?.push(await measure(page, term, resource));
    } catch (error) {
      console.error(`run ${i} (${resource} search=${term}) failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  const all = [...(results.labels ?? []), ...(results.users ?? [])];
  for (const [name, sample] of [...Object.entries(results), ['all', all] as const]) {
    console.log(
      `${name.padEnd(7)} n=${sample.length}  median ${round1(percentile(sample, 50))} ms  p95 ${round1(percentile(sample, 95))} ms  max ${round1(Math.max(...sample))} ms`,
    );
  }
  console.log(`target: p95 <= 300 ms after the ${DEBOUNCE_MS} ms debounce`);
} finally {
  await browser.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
