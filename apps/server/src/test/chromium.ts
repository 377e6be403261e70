import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, as in e2e/playwright.config.ts (Playwright never downloads a browser here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright 1.65 turns off in its own `--disable-features` (its `chromiumSwitches.ts`).
 * Chromium keeps only the last `--disable-features` of a command line, so ours repeats them;
 * `chromium.test.ts` fails when an upgraded Playwright turns off one more.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI that headless Chromium (the whole browser since Chromium 132) preloads in every window,
 * so in every Playwright context: the omnibox popups, two WebUI renderers no test ever shows. They
 * cost about 2 CPU seconds a context on a 2-core machine, more than the page under test
 * (`bench/chromium-contexts.ts`, docs/BENCHMARKS.md).
 */
const UNUSED_BROWSER_UI = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** The flags e2e/playwright.config.ts and every browser-backed server test start Chromium with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
];

/** Starts Chromium for a browser-backed server test; fails loudly (never skips) when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`npm run test:setup\` to install it.`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
