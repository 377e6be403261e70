import type { Database } from '../../../db/connection';
import { openSourceRequest, readCappedBytes, SourceInstanceError } from '../external-source';
import type { JiraConnection } from './jira-connection';

/** How long one attachment may take to arrive, from the request to its last byte. */
export const JIRA_DOWNLOAD_TIMEOUT_MS = 45_000;

export type JiraDownload = { data: Buffer } | { problem: string };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Why the site's answer is not the file, in words for the report. */
function refusal(status: number): string {
  if (status === 401) return 'the Jira site refused the credentials (401)';
  if (status === 403) return 'the credentials may not read it on the Jira site (403)';
  if (status === 404) return 'the Jira site has no such file (404)';
  if (status >= 300 && status < 400) return `the Jira site answered a redirect (${status}), which is not followed`;
  return `the Jira site answered ${status}`;
}

/**
 * Where to ask for the file: the attachment's URL, when it is on the site's origin (null otherwise).
 * Jira Cloud's content endpoint (`/rest/api/{2,3}/attachment/content/{id}`) answers a redirect to its
 * media service unless asked `redirect=false`; redirects are never followed (the SSRF guard checks one
 * address), so it is asked so.
 */
export function attachmentRequestUrl(connection: JiraConnection, url: string): URL | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.origin !== new URL(connection.url).origin) return null;
  const parts = target.pathname.split('/');
  const at = parts.indexOf('attachment');
  if (at >= 2 && parts[at - 2] === 'api' && parts[at + 1] === 'content') target.searchParams.set('redirect', 'false');
  return target;
}

/**
 * Downloads one attachment from the Jira site with the connection's credentials, through the SSRF
 * guard (`openSourceRequest`: local addresses only when the admin allows local requests), up to
 * `maxBytes` and `timeoutMs`. Never throws for the site's failures: the problem is the report's line.
 */
export async function downloadJiraAttachment(
  db: Database,
  connection: JiraConnection,
  url: string,
  maxBytes: number,
  timeoutMs = JIRA_DOWNLOAD_TIMEOUT_MS,
): Promise<JiraDownload> {
  const target = attachmentRequestUrl(connection, url);
  if (!target) return { problem: `not fetched: it is not on the Jira site ${new URL(connection.url).origin}` };
  const headers: Record<string, string> = { Accept: '*/*' };
  if (connection.authorization) headers.Authorization = connection.authorization;
  const tooLarge = () => new SourceInstanceError(`larger than the ${megabytes(maxBytes)} a file may be`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SourceInstanceError(`the Jira site did not send it within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  const download = async (): Promise<JiraDownload> => {
    const response = await openSourceRequest(db, target.href, 'GET', headers, 'the Jira site');
    deadline.catch(() => response.destroy());
    const status = response.statusCode ?? 0;
    if (status !== 200) {
      response.resume();
      return { problem: refusal(status) };
    }
    const length = Number(response.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(length) && length > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    return { data: await readCappedBytes(response, maxBytes, tooLarge) };
  };
  try {
    return await Promise.race([download(), deadline]);
  } catch (error) {
    if (error instanceof SourceInstanceError) return { problem: error.message };
    return { problem: `the download failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
