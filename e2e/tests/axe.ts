import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0/2.1/2.2 level A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Every serious or critical violation on the page, one line each with where it is. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // An experimental rule (off by default) for WCAG 2.5.3 Label in Name; switched on, not off.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    // axe.run in the page itself: the default (runPartial per frame, then finishRun in a new blank
    // page) took 6 s instead of 2.5 s on the long issue. Our pages have no cross-origin frames.
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.html}`),
    );
}
