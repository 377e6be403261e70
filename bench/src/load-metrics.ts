import type { BrowserContext, Page } from 'playwright-core';
import { recordScripts, type ScriptBytes } from './script-bytes';

/**
 * Lighthouse's quiet window: a page is interactive once it has gone this long without a long task
 * (and, here, without a finished request).
 */
const QUIET_MS = 5000;
/** A long task blocks input for the part of it over 50 ms. */
const BLOCKING_THRESHOLD_MS = 50;

/**
 * Registered before any page script: paint, LCP and long-task observers, and the moment `ready`
 * (a CSS selector: the page's controls) first matches. A string, because tsx's name helpers do not
 * exist in the page.
 */
const initScript = (ready: string) => `(() => {
  const m = { fcp: null, lcp: null, lcpElement: '', readyAt: null, longTasks: [] };
  window.__loadMetrics = m;
  const observe = (type, onEntry) => {
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => {
    m.lcp = e.startTime;
    const el = e.element;
    m.lcpElement = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : e.url;
  });
  observe('longtask', (e) => { m.longTasks.push({ start: e.startTime, duration: e.duration }); });
  const watcher = new MutationObserver(() => {
    if (m.readyAt === null && document.querySelector(${JSON.stringify(ready)})) {
      m.readyAt = performance.now();
      watcher.disconnect();
    }
  });
  watcher.observe(document, { childList: true, subtree: true });
})()`;

const READ_SCRIPT = `(() => {
  const m = window.__loadMetrics;
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  return {
    now: performance.now(),
    fcp: m.fcp,
    lcp: m.lcp,
    lcpElement: m.lcpElement,
    readyAt: m.readyAt,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : 0,
    longTasks: m.longTasks,
    // A live page polls for changes (realtime_changes, every few seconds) for as long as it is open:
    // those answers are not the page loading, so they do not keep it from settling.
    lastResponse: Math.max(0, ...resources.filter((r) => !r.name.includes('/realtime_changes')).map((r) => r.responseEnd)),
    scripts: resources
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, transfer: r.transferSize, encoded: r.encodedBodySize })),
  };
})()`;

interface LongTask {
  start: number;
  duration: number;
}

interface RawLoad {
  now: number;
  fcp: number | null;
  lcp: number | null;
  lcpElement: string;
  readyAt: number | null;
  domContentLoaded: number;
  longTasks: LongTask[];
  lastResponse: number;
  scripts: Array<{ path: string; start: number; transfer: number; encoded: number }>;
}

export interface LoadFigures {
  /** ms from navigation start, like every time below. */
  fcp: number;
  lcp: number;
  /** The largest contentful paint's element (tag and the start of its text). */
  lcpElement: string;
  /** Lighthouse's time to interactive, but never before the page's controls are there. */
  interactive: number;
  tbt: number;
  longTasks: number;
  /** Scripts requested before interactive: bytes on the wire (compressed, with headers), and their bodies. */
  scripts: number;
  jsWire: number;
  jsBodies: number;
}

/** A page recording its load, and the scripts it has downloaded so far. */
export interface ObservedPage {
  page: Page;
  scripts: () => ScriptBytes[];
}

/**
 * Opens a page in `context` that records its load; `ready` selects the controls that make the page
 * usable. Read the figures with `settledLoad` once it has been navigated.
 */
export async function observedPage(context: BrowserContext, ready: string): Promise<ObservedPage> {
  await context.addInitScript({ content: initScript(ready) });
  const page = await context.newPage();
  return { page, scripts: await recordScripts(context, page) };
}

/**
 * Sum of each long task's time over 50 ms between first contentful paint and interactive, a task
 * straddling FCP counting from FCP (Lighthouse's total blocking time).
 */
export function totalBlockingTime(tasks: LongTask[], fcp: number, interactive: number): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.start, fcp);
    const end = Math.min(task.start + task.duration, interactive);
    if (end - start > BLOCKING_THRESHOLD_MS) total += end - start - BLOCKING_THRESHOLD_MS;
  }
  return total;
}

function figures(raw: RawLoad, downloaded: ScriptBytes[]): LoadFigures {
  const wire = new Map(downloaded.map((s) => [s.path, s.wire]));
  const fcp = raw.fcp ?? Number.NaN;
  const lastTaskEnd = Math.max(0, ...raw.longTasks.map((t) => t.start + t.duration));
  const interactive = Math.max(fcp, raw.domContentLoaded, raw.readyAt ?? Number.NaN, lastTaskEnd);
  const scripts = raw.scripts.filter((s) => s.start <= interactive);
  return {
    fcp,
    lcp: raw.lcp ?? Number.NaN,
    lcpElement: raw.lcpElement,
    interactive,
    tbt: totalBlockingTime(raw.longTasks, fcp, interactive),
    longTasks: raw.longTasks.length,
    scripts: scripts.length,
    jsWire: scripts.reduce((sum, s) => sum + (wire.get(s.path) ?? s.transfer), 0),
    jsBodies: scripts.reduce((sum, s) => sum + s.encoded, 0),
  };
}

/**
 * Waits until the page (from `observedPage`) has had its controls on screen and then a quiet window
 * with no long task and no response, and returns its load figures.
 */
export async function settledLoad({ page, scripts }: ObservedPage, timeoutMs = 60_000): Promise<LoadFigures> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const raw = (await page.evaluate(READ_SCRIPT)) as RawLoad;
    const lastTaskEnd = Math.max(0, ...raw.longTasks.map((t) => t.start + t.duration));
    const busyUntil = Math.max(raw.readyAt ?? Number.POSITIVE_INFINITY, lastTaskEnd, raw.lastResponse);
    if (raw.fcp !== null && raw.now - busyUntil >= QUIET_MS) return figures(raw, scripts());
    if (Date.now() > deadline) throw new Error(`page not settled after ${timeoutMs} ms: ${JSON.stringify(raw)}`);
    await page.waitForTimeout(250);
  }
}
