import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where a spec's screenshot goes: `e2e/test-results/screenshots/` on a test run (ignored, so a run
 * leaves the work tree clean), `docs/screenshots/` under `npm run docs:screenshots`.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.DOCS_SCREENSHOTS === '1'
      ? join(repo, 'docs', 'screenshots')
      : join(repo, 'e2e', 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** A screenshot once the page has settled: fonts loaded, no request in flight, one frame painted. */
export async function settledScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise(requestAnimationFrame);
  });
  await page.screenshot({ path: screenshotPath(name) });
}
