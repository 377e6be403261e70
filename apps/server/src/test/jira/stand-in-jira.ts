import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in Jira on loopback for the attachment downloads: the two ways Jira serves a file —
 * Jira Cloud's `GET /rest/api/{2,3}/attachment/content/{id}` (a 303 to its media service unless
 * asked `redirect=false`, then the bytes) and Data Center's `GET /secure/attachment/{id}/{filename}`
 * — behind Basic (email and API token) or Bearer (personal access token) authentication: 401 with
 * `WWW-Authenticate` otherwise, 404 for an attachment it does not have. It counts what it served.
 */

export interface StandInFile {
  filename: string;
  contentType: string;
  data: Buffer;
  /** Sends the headers, then waits this long before the bytes (a site too slow to wait for). */
  delayMs?: number;
}

export interface StandInJira {
  url: string;
  /** Requests that got a file, by attachment id. */
  served: Map<string, number>;
  /** Every request's path and query, in order. */
  requests: string[];
  close(): Promise<void>;
}

const CLOUD = /^\/rest\/api\/[23]\/attachment\/content\/(\d{1,12})$/;
const DATA_CENTER = /^\/secure\/attachment\/(\d{1,12})\/[^/]{1,255}$/;

export async function startStandInJira(options: {
  files: Record<string, StandInFile>;
  basic?: { email: string; apiToken: string };
  bearer?: string;
}): Promise<StandInJira> {
  const served = new Map<string, number>();
  const requests: string[] = [];
  const accepted = new Set<string>();
  if (options.basic) {
    accepted.add(`Basic ${Buffer.from(`${options.basic.email}:${options.basic.apiToken}`).toString('base64')}`);
  }
  if (options.bearer) accepted.add(`Bearer ${options.bearer}`);

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    if (!accepted.has(request.headers.authorization ?? '')) {
      response.writeHead(401, {
        'WWW-Authenticate': 'Basic realm="protected-area"',
        'Content-Type': 'application/json',
      });
      response.end(JSON.stringify({ errorMessages: ['You are not authenticated.'] }));
      return;
    }
    const cloud = CLOUD.exec(url.pathname);
    const id = cloud?.[1] ?? DATA_CENTER.exec(url.pathname)?.[1];
    const file = id === undefined ? undefined : options.files[id];
    if (!id || !file) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ errorMessages: ['The attachment was not found.'] }));
      return;
    }
    if (cloud && url.searchParams.get('redirect') !== 'false') {
      response.writeHead(303, { Location: `https://api.media.atlassian.com/file/${id}/binary` });
      response.end();
      return;
    }
    served.set(id, (served.get(id) ?? 0) + 1);
    response.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.data.length),
      'Content-Disposition': `attachment; filename="${file.filename}"`,
    });
    if (file.delayMs) setTimeout(() => response.end(file.data), file.delayMs).unref();
    else response.end(file.data);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
