import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/session-cookie';
import { digest } from '../../auth/token-digest';
import type { Database } from '../../db/connection';
import { DomainError } from '../../errors';

/**
 * What a Geo secondary passes to its primary instead of refusing: signing in, up and out. Their
 * session rows are written on the primary and replicate back, as GitLab's secondary proxies them.
 */
const PASSED_TO_PRIMARY = new Set(['/users/sign_in', '/users/sign_up', '/users/sign_out']);

/** The request headers the primary needs to answer as if asked directly. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'cookie', 'user-agent', 'x-csrf-token'] as const;
/** The answer's headers the browser needs (the session cookie, a rate limit's wait). */
const RETURNED_HEADERS = ['content-type', 'cache-control', 'retry-after'] as const;
/** How long the answer waits for the new session to replicate, so the next request finds it. */
const REPLICATION_WAIT_MS = 3_000;
const PRIMARY_TIMEOUT_MS = 10_000;

export function isPassedToPrimary(request: FastifyRequest): boolean {
  return PASSED_TO_PRIMARY.has(request.url.split('?')[0] ?? '');
}

/** The session secret a `Set-Cookie` list sets, if it sets one (an empty value clears it). */
function sessionSecretSet(setCookies: string[]): string | null {
  for (const line of setCookies) {
    if (!line.startsWith(`${SESSION_COOKIE}=`)) continue;
    const value = line.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
    return value === '' ? null : decodeURIComponent(value);
  }
  return null;
}

/** Waits until the standby holds the session (or REPLICATION_WAIT_MS has passed). */
async function untilReplicated(db: Database, secret: string): Promise<void> {
  const id = digest(secret);
  const deadline = Date.now() + REPLICATION_WAIT_MS;
  while (Date.now() < deadline) {
    const row = await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst();
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A Geo secondary's `preHandler` hook for the paths above: the request (its parsed body sent again
 * as JSON, the client's address in X-Forwarded-For) goes to the primary at `primaryAddress` (the
 * site's internal URL, else its URL), and its answer — status, body, session cookie — comes back.
 */
export function signInThroughPrimary(db: Database, primaryAddress: string | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPassedToPrimary(request)) return;
    if (!primaryAddress)
      throw new DomainError('forbidden', 'No site is marked primary: sign in is not possible here yet.');
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    if (request.body !== undefined) headers.set('content-type', 'application/json');
    // The client's address as this site sees it (TRUST_PROXY here): the primary's sign-in limits
    // count it when it trusts this site as a proxy.
    headers.set('x-forwarded-for', request.ip);
    headers.set('x-forwarded-proto', request.protocol);
    let answer: Response;
    try {
      answer = await fetch(new URL(request.url, primaryAddress), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(PRIMARY_TIMEOUT_MS),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'the primary site could not be reached');
      return reply
        .status(502)
        .send({ message: `The primary site, ${primaryAddress}, could not be reached. Try again later.` });
    }
    const setCookies = answer.headers.getSetCookie();
    const secret = answer.ok ? sessionSecretSet(setCookies) : null;
    if (secret) await untilReplicated(db, secret);
    reply.status(answer.status);
    for (const name of RETURNED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    return reply.send(Buffer.from(await answer.arrayBuffer()));
  };
}
