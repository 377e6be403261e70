/**
 * What a Playwright browser context costs in Debian's Chromium with the flags the tests use
 * (`CHROMIUM_ARGS`) against Playwright's own flags alone: each context signs in from saved cookies,
 * loads the issue page of the demo data and closes, as a browser test does. Prints, per round and
 * configuration, the wall time and the whole machine's CPU seconds a context (server and browser:
 * the server's share is the same in both), then the medians and their ratio. Build first.
 *
 *   npx tsx bench/chromium-contexts.ts [--contexts 15] [--rounds 3]
 *   (starts its own server on a fresh embedded database with the demo data, port 3408, or BENCH_PORT)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/server/src/test/chromium';
import { demoUserState, startDemoServer } from './src/demo-server';
import { percentile, round2 } from './src/stats';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: { contexts: { type: 'string', default: '15' }, rounds: { type: 'string', default: '3' } },
});
const contexts = Number(values.contexts);
const rounds = Number(values.rounds);
if (!(Number.isInteger(contexts) && contexts > 0 && Number.isInteger(rounds) && rounds > 0))
  usageError('--contexts and --rounds take whole numbers above 0');

/** Busy CPU seconds of the whole machine so far (`/proc/stat`: user, nice, system, irq, softirq). */
function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  return ((fields[0] ?? 0) + (fields[1] ?? 0) + (fields[2] ?? 0) + (fields[5] ?? 0) + (fields[6] ?? 0)) / 100;
}

const configuration = (name: string, args: string[]) => ({ name, args, wall: [] as number[], cpu: [] as number[] });
const before = configuration(
  "Playwright's flags",
  CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')),
);
const after = configuration('CHROMIUM_ARGS', CHROMIUM_ARGS);

const server = await startDemoServer(Number(process.env.BENCH_PORT ?? 3408));
try {
  for (let round = 1; round <= rounds; round += 1) {
    for (const measured of [before, after]) {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: measured.args });
      const storageState = await demoUserState(browser, server.url, 'alice');
      const cpuBefore = machineBusySeconds();
      const started = performance.now();
      for (let n = 0; n < contexts; n += 1) {
        const context = await browser.newContext({ baseURL: server.url, storageState });
        const page = await context.newPage();
        await page.goto('/acme/product/web-app/-/issues/1');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await context.close();
      }
      const wall = (performance.now() - started) / 1000 / contexts;
      const cpu = (machineBusySeconds() - cpuBefore) / contexts;
      await browser.close();
      measured.wall.push(wall);
      measured.cpu.push(cpu);
      console.log(`round ${round}  ${measured.name.padEnd(18)} ${round2(wall)} s wall, ${round2(cpu)} CPU s a context`);
    }
  }
} finally {
  await server.stop();
}
const median = (xs: number[]) => percentile(xs, 50);
console.log(
  `medians a context: wall ${round2(median(before.wall))} → ${round2(median(after.wall))} s, ` +
    `machine CPU ${round2(median(before.cpu))} → ${round2(median(after.cpu))} s ` +
    `(${round2(median(before.cpu) / median(after.cpu))}× less)`,
);
