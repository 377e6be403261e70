import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The body as received (what a signature is computed over). */
  raw: string;
}

/** What the receiver answers a request with: a status (and optional Location), in order, then 200. */
export type Answer = { status: number; location?: string };

/**
 * A real HTTP webhook receiver on 127.0.0.1 for tests: records every POST (path, headers, parsed
 * JSON body) and answers the queued answers in order, then 200; after `delayMs` when given (a slow
 * receiver keeps requests in flight).
 */
export async function startWebhookReceiver(options: { delayMs?: number } = {}) {
  const received: ReceivedHook[] = [];
  const answers: Answer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { unparsable: text };
      }
      received.push({ path: req.url ?? '/', headers: req.headers, body, raw: text });
      const answer = answers.shift() ?? { status: 200 };
      const respond = () => {
        res.writeHead(answer.status, {
          'Content-Type': 'text/plain',
          ...(answer.location ? { Location: answer.location } : {}),
        });
        res.end(answer.status < 300 ? 'ok' : `status ${answer.status}`);
      };
      if (options.delayMs) setTimeout(respond, options.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...queued: Answer[]) => answers.push(...queued),
    /** Received requests to `path`. */
    at: (path: string) => received.filter((r) => r.path === path),
    reset: () => {
      received.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
