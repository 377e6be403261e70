import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PinnedTarget } from './url-blocker';

/** GitLab's webhook timeout. */
export const HOOK_TIMEOUT_MS = 10_000;
/** Response bodies kept in the hook log (GitLab truncates them too). */
export const RESPONSE_BODY_CAP = 8 * 1024;

export interface HookResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A DNS lookup that answers only the address the URL blocker checked (no second resolution). */
function pinnedLookup(target: PinnedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * POSTs `body` to the pinned target: connects to the checked address only (TLS still verifies the
 * URL's host name unless `verifyTls` is off), follows no redirect (a 3xx is the answer), gives up
 * after HOOK_TIMEOUT_MS, and reads at most RESPONSE_BODY_CAP bytes of the answer.
 */
export function postHook(
  target: PinnedTarget,
  headers: Record<string, string>,
  body: string,
  verifyTls: boolean,
): Promise<HookResponse> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        agent: false,
        timeout: HOOK_TIMEOUT_MS,
        ...(url.protocol === 'https:' ? { rejectUnauthorized: verifyTls, servername: url.hostname } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_CAP) chunks.push(chunk.subarray(0, RESPONSE_BODY_CAP - size));
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: flatHeaders(response.headers),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // The whole exchange, not only an idle socket, is bounded.
    const deadline = setTimeout(() => request.destroy(new Error('execution expired')), HOOK_TIMEOUT_MS);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('execution expired')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Opens a request to the pinned target and answers the response as a stream (an import's archive
 * download): the same pinned address, no redirects and TLS checks as `postHook`; the socket may idle
 * HOOK_TIMEOUT_MS at most, but a long transfer that keeps moving is not cut.
 */
export function openPinned(
  target: PinnedTarget,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
): Promise<http.IncomingMessage> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        headers,
        lookup: pinnedLookup(target),
        agent: false,
        timeout: HOOK_TIMEOUT_MS,
        ...(url.protocol === 'https:' ? { servername: url.hostname } : {}),
      },
      resolve,
    );
    request.on('timeout', () => request.destroy(new Error('execution expired')));
    request.on('error', reject);
    request.end();
  });
}
