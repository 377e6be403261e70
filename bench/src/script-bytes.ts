import type { BrowserContext, Page } from 'playwright-core';

export interface ScriptBytes {
  /** The script's URL path. */
  path: string;
  /** Bytes on the wire: the compressed body and the response's real headers. */
  wire: number;
  decoded: number;
}

/** Records, through the DevTools protocol, every script `page` downloads; call the result to read them. */
export async function recordScripts(context: BrowserContext, page: Page): Promise<() => ScriptBytes[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, ScriptBytes>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') {
      scripts.set(event.requestId, { path: new URL(event.response.url).pathname, wire: 0, decoded: 0 });
    }
  });
  cdp.on('Network.dataReceived', (event) => {
    const s = scripts.get(event.requestId);
    if (s) s.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const s = scripts.get(event.requestId);
    if (s) s.wire = event.encodedDataLength;
  });
  return () => [...scripts.values()];
}
