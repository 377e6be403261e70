import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const FEATURES = '--disable-features=';

describe('CHROMIUM_ARGS', () => {
  it('keeps every feature Playwright turns off: Chromium reads only the last --disable-features', async () => {
    const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const pid = server.process().pid;
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const lists = commandLine
        .filter((arg) => arg.startsWith(FEATURES))
        .map((arg) => arg.slice(FEATURES.length).split(','));
      // Playwright's own list, then ours.
      expect(lists.length).toBeGreaterThanOrEqual(2);
      const last = new Set(lists.at(-1));
      const dropped = lists.slice(0, -1).flatMap((list) => list.filter((feature) => !last.has(feature)));
      expect(dropped, 'features Playwright turns off that CHROMIUM_ARGS does not repeat').toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
