import type { BrowserContext, Page } from 'playwright-core';

/**
 * Registered before any page script: every fetch's method, start, headers and end (body read), and
 * `__armEdit(region, mode, text)`, which times the next user action (a click or Enter) until the
 * named sidebar region shows (`equals` / `includes`) or stops showing (`excludes`) `text`, then
 * until the frame with it has been painted. Times are the page's own (performance.now).
 */
const INIT_SCRIPT = `(() => {
  const requests = [];
  window.__requests = requests;
  const originalFetch = window.fetch;
  window.fetch = function (input, init) {
    const method = (init && init.method) || (input instanceof Request ? input.method : 'GET');
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const record = { method: method.toUpperCase(), url, start: performance.now(), headers: null, end: null, status: 0 };
    requests.push(record);
    const response = originalFetch.apply(this, arguments);
    response.then(
      (res) => {
        record.headers = performance.now();
        record.status = res.status;
        res.clone().arrayBuffer().finally(() => { record.end = performance.now(); });
      },
      () => { record.end = performance.now(); },
    );
    return response;
  };
  window.__armEdit = (regionName, mode, text) => {
    const edit = { action: null, dom: null, paint: null };
    window.__edit = edit;
    const region = [...document.querySelectorAll('section[aria-labelledby]')].find(
      (s) => document.getElementById(s.getAttribute('aria-labelledby'))?.textContent === regionName,
    );
    if (!region) throw new Error('no sidebar region ' + regionName);
    const onAction = (e) => {
      if (edit.action === null && (e.type === 'click' || e.key === 'Enter')) edit.action = e.timeStamp;
    };
    addEventListener('click', onAction, true);
    addEventListener('keydown', onAction, true);
    const shown = () => {
      const value = region.children[1];
      if (edit.action === null || !value || value.querySelector('input')) return false;
      const t = value.textContent;
      return mode === 'equals' ? t.trim() === text : mode === 'includes' ? t.includes(text) : !t.includes(text);
    };
    const watcher = new MutationObserver(() => {
      if (!shown()) return;
      edit.dom = performance.now();
      watcher.disconnect();
      removeEventListener('click', onAction, true);
      removeEventListener('keydown', onAction, true);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { edit.paint = performance.now(); };
        channel.port2.postMessage(null);
      });
    });
    watcher.observe(region, { childList: true, subtree: true, characterData: true });
  };
  window.__editResult = () => {
    const edit = window.__edit;
    if (!edit || edit.action === null || edit.paint === null) return null;
    const put = requests.find((r) => r.method === 'PUT' && r.start >= edit.action);
    if (!put || put.end === null) return null;
    // The request's own timing: from sending it to the first byte of the answer is the server's.
    const timing = performance
      .getEntriesByName(put.url, 'resource')
      .find((e) => Math.abs(e.startTime - put.start) < 5 && e.responseStart > 0);
    if (!timing) return null;
    const server = timing.responseStart - timing.requestStart;
    return { ...edit, putStart: put.start, putHeaders: put.headers, putEnd: put.end, status: put.status, server };
  };
  window.__requestsPending = () => requests.some((r) => r.end === null);
})()`;

/**
 * The page's helpers, called from functions given to waitForFunction (the page's CSP refuses the
 * strings it would evaluate; functions run as they are, so no name helpers of tsx in them).
 */
type PageHelpers = { __editResult: () => unknown; __requestsPending: () => boolean };

export type Expectation = 'equals' | 'includes' | 'excludes';

export interface EditTiming {
  /** ms from the action (its event's timestamp) until the new value is in the DOM. */
  dom: number;
  /** …until the frame showing it has been painted (rAF, then a task). */
  visible: number;
  /** …until the PUT's response has arrived (headers) and been read (body). */
  responseHeaders: number;
  confirmed: number;
  /** From the action until the PUT left the page (the app's work before the request). */
  requestStart: number;
  /** The PUT from request sent to its answer's first byte (Resource Timing): the server's time. */
  server: number;
}

export async function observeEdits(context: BrowserContext) {
  await context.addInitScript({ content: INIT_SCRIPT });
}

/** Waits until no request of the page is in flight, then a little more for the renders they cause. */
export async function settleRequests(page: Page) {
  await page.waitForFunction(() => !(globalThis as unknown as PageHelpers).__requestsPending(), undefined, {
    polling: 50,
  });
  await page.waitForTimeout(200);
}

/**
 * Times one sidebar edit: `act` is the user's final action (the click or Enter that saves); after it
 * the region named `region` must show (or no longer show) `text`, and the page must send a PUT.
 */
export async function timeEdit(
  page: Page,
  region: string,
  expectation: Expectation,
  text: string,
  act: () => Promise<void>,
): Promise<EditTiming> {
  await page.evaluate(`window.__armEdit(${JSON.stringify(region)}, '${expectation}', ${JSON.stringify(text)})`);
  await act();
  const handle = await page.waitForFunction(() => (globalThis as unknown as PageHelpers).__editResult(), undefined, {
    polling: 25,
    timeout: 10_000,
  });
  const r = (await handle.jsonValue()) as {
    action: number;
    dom: number;
    paint: number;
    putStart: number;
    putHeaders: number;
    putEnd: number;
    status: number;
    server: number;
  };
  if (r.status !== 200) throw new Error(`the ${region} edit's PUT answered ${r.status}`);
  return {
    dom: r.dom - r.action,
    visible: r.paint - r.action,
    requestStart: r.putStart - r.action,
    responseHeaders: r.putHeaders - r.action,
    confirmed: r.putEnd - r.action,
    server: r.server,
  };
}
