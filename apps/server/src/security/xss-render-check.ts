import type { Browser, Page } from 'playwright-core';
import { SENTINEL_HOST } from '../test/xss-corpus';
import { type DomFinding, domCheckExpression, SANITIZED_FORBIDDEN_TAGS, SENTINEL_INIT_SCRIPT } from './xss-dom-check';

/** One HTML string a client would render, and every place (endpoint + JSON path) that returned it. */
export interface HtmlFragment {
  html: string;
  sources: string[];
}

export interface XssFinding {
  /** sentinel: `__xss(id)` ran; dialog: alert/confirm/prompt; request: a load from the sentinel host;
   *  navigation: the page left itself (meta refresh…); title: document.title changed; dom: a dangerous
   *  element or attribute survived. */
  kind: 'sentinel' | 'dialog' | 'request' | 'navigation' | 'title' | 'dom';
  detail: string;
  /** Sources of the fragment the finding is attributed to, when the DOM tells. */
  sources?: string[];
  mode: RenderMode;
}

/** parse: the fragments are part of the page source (scripts run). innerHTML: what React's
 *  dangerouslySetInnerHTML does (scripts do not run, handlers do). */
export type RenderMode = 'parse' | 'innerHTML';

const SHELL_TITLE = 'xss-check';
const SETTLE_MS = 300;

/**
 * Renders fragments in Chromium WITHOUT any Content-Security-Policy and reports everything that
 * shows a sanitizer bypass: script that ran (sentinel, dialog, title, sentinel request, navigation)
 * and dangerous DOM that did not run but could (handlers, script URLs, script-capable elements).
 */
export async function checkFragmentsInChromium(
  browser: Browser,
  fragments: HtmlFragment[],
  mode: RenderMode,
): Promise<XssFinding[]> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const findings: XssFinding[] = [];
  const add = (f: Omit<XssFinding, 'mode'>) => findings.push({ ...f, mode });
  try {
    await page.exposeFunction('__xssReport', (id: unknown) => add({ kind: 'sentinel', detail: String(id) }));
    await page.addInitScript(SENTINEL_INIT_SCRIPT);
    page.on('dialog', (d) => {
      add({ kind: 'dialog', detail: `${d.type()}: ${d.message()}` });
      void d.dismiss().catch(() => {});
    });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).hostname === SENTINEL_HOST) add({ kind: 'request', detail: url });
      return route.abort();
    });
    await render(page, fragments, mode);
    await page.waitForTimeout(SETTLE_MS);
    const shellUrl = page.url();
    if (shellUrl !== 'about:blank') add({ kind: 'navigation', detail: shellUrl });
    else {
      const title = await page.title();
      if (title !== SHELL_TITLE) add({ kind: 'title', detail: title });
      const dom = await page.evaluate<DomFinding[]>(
        domCheckExpression({ forbiddenTags: SANITIZED_FORBIDDEN_TAGS, root: 'html', holderAttribute: 'data-frag' }),
      );
      for (const d of dom) add({ kind: 'dom', detail: d.detail, sources: fragments[d.index]?.sources });
    }
  } catch (error) {
    // A fragment that navigated the page away destroys the evaluation context: that is a finding too.
    add({ kind: 'navigation', detail: String(error) });
  } finally {
    await context.close();
  }
  return findings;
}

async function render(page: Page, fragments: HtmlFragment[], mode: RenderMode) {
  const containers = fragments
    .map((f, i) => `<div data-frag="${i}">${mode === 'parse' ? f.html : ''}</div>`)
    .join('\n');
  const shell = `<!doctype html><html><head><title>${SHELL_TITLE}</title></head><body>${containers}</body></html>`;
  await page.setContent(shell, { waitUntil: 'load' });
  if (mode === 'innerHTML')
    await page.evaluate(
      `${JSON.stringify(fragments.map((f) => f.html))}.forEach((html, i) => { document.querySelector('[data-frag="' + i + '"]').innerHTML = html; })`,
    );
}
