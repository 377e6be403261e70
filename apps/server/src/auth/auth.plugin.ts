import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { isSafeMethod } from '../lib/safe-methods';
import { todayIso } from '../lib/today';
import type { Actor } from '../policy/actor';
import { actorWithMemberships, membershipColumns } from '../policy/load-actor';
import { recordTokenUse } from './personal-access-tokens.service';
import { SESSION_COOKIE } from './session-cookie';
import { isSessionIdle, touchSession } from './sessions.service';
import { digest } from './token-digest';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous visitor. */
    actor: Actor | null;
    /** How the actor authenticated; cookie sessions need a CSRF token on writes. */
    authMethod: 'session' | 'token' | 'none';
    sessionId: string | null;
    /** The session's CSRF token (cookie sessions only), for `GET /-/session`. */
    csrfToken: string | null;
    /** The personal access token's id (token requests only), for `/personal_access_tokens/self`. */
    tokenId: number | null;
    /** A cookie-session write to a form route that sent no CSRF header: the body's token is checked. */
    csrfFromBody: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route takes HTML form posts (GitLab's `_method=delete` form): a cookie session may send
     * its CSRF token as the body's `authenticity_token` instead of the X-CSRF-Token header.
     */
    csrfFormField?: boolean;
  }
}

/** The personal access token a request sends (PRIVATE-TOKEN, else Bearer), as the auth hook reads it. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers['private-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return undefined;
}

/** Constant-time comparison of the sent CSRF token with the session's. */
function csrfTokenMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a `read_user`-only token may read: the user endpoints (GitLab's read_user scope). */
function isUserReadPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /^\/api\/v4\/(user|users|personal_access_tokens\/self|version)(\/|$)/.test(path);
}

/**
 * Resolves the actor for every request: personal access token (PRIVATE-TOKEN or Bearer) first,
 * then the session cookie. Bad or expired credentials are a 401, never silently anonymous.
 */
const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.decorateRequest('actor', null);
  app.decorateRequest('authMethod', 'none');
  app.decorateRequest('sessionId', null);
  app.decorateRequest('csrfToken', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('csrfFromBody', false);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token) {
      const found = await authenticateToken(db, token, request.method, request.url);
      request.actor = found.actor;
      request.authMethod = 'token';
      request.tokenId = found.tokenId;
      return;
    }
    const secret = request.cookies[SESSION_COOKIE];
    if (!secret) return;
    const session = await authenticateSession(ctx, secret);
    if (!session) return; // stale cookie: anonymous
    if (!isSafeMethod(request.method) && !csrfTokenMatches(request.headers['x-csrf-token'], session.csrfToken)) {
      if (!request.routeOptions.config.csrfFormField) throw invalidCsrfToken();
      request.csrfFromBody = true;
    }
    request.actor = session.actor;
    request.authMethod = 'session';
    request.sessionId = session.sessionId;
    request.csrfToken = session.csrfToken;
  });

  // Before any handler: the form's token, once the body is parsed.
  app.addHook('preHandler', async (request) => {
    if (!request.csrfFromBody) return;
    const sent = (request.body as { authenticity_token?: unknown } | undefined)?.authenticity_token;
    if (!request.csrfToken || !csrfTokenMatches(typeof sent === 'string' ? sent : undefined, request.csrfToken))
      throw invalidCsrfToken();
  });
};

const invalidCsrfToken = () => new DomainError('forbidden', '403 Forbidden - invalid CSRF token');

/** What an Actor is built from: the user joined as `u`, with its memberships. */
const actorColumns = () =>
  ['u.id', 'u.username', 'u.admin', 'u.state', ...membershipColumns(sql.ref<number>('u.id'))] as const;

/**
 * The actor of a personal access token, checked as every request checks it (revoked, expired,
 * blocked user, scope for the method and path: 401/403 as DomainError); records its use.
 */
export async function authenticateToken(
  db: AppContext['database']['db'],
  token: string,
  method: string,
  url: string,
): Promise<{ actor: Actor; tokenId: number }> {
  const row = await db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id as token_id', 't.scopes', 't.expires_at', 't.revoked', 't.last_used_at', ...actorColumns()])
    .where('t.token_digest', '=', digest(token))
    .executeTakeFirst();
  if (!row || row.revoked || (row.expires_at && row.expires_at < todayIso()) || row.state !== 'active') {
    throw new DomainError('unauthorized', '401 Unauthorized');
  }
  if (!isSafeMethod(method) && !row.scopes.includes('api')) {
    throw new DomainError('forbidden', '403 Forbidden - insufficient_scope: this request needs the api scope');
  }
  if (!row.scopes.includes('api') && !row.scopes.includes('read_api') && !isUserReadPath(url)) {
    throw new DomainError('forbidden', '403 Forbidden - insufficient_scope: this request needs the read_api scope');
  }
  const actor = actorWithMemberships(row, row.scopes);
  await recordTokenUse(db, row.token_id, row.last_used_at, new Date());
  return { actor, tokenId: row.token_id };
}

/**
 * The actor of a session cookie's secret, or undefined when the session is unknown, expired, idle
 * or its user is not active (the request is then anonymous). Touches the session unless told not to
 * (a live subscription re-checking its session on each event is no activity of the user's).
 */
export async function authenticateSession(
  ctx: Pick<AppContext, 'database' | 'config'>,
  secret: string,
  options: { touch: boolean } = { touch: true },
): Promise<{ actor: Actor; sessionId: string; csrfToken: string } | undefined> {
  const db = ctx.database.db;
  const sessionId = digest(secret);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.csrf_token', 's.expires_at', 's.last_seen_at', ...actorColumns()])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  const now = new Date();
  const stale =
    !row ||
    row.expires_at < now ||
    isSessionIdle(row.last_seen_at, ctx.config.SESSION_IDLE_MINUTES, now) ||
    row.state !== 'active';
  if (stale) return undefined;
  if (options.touch) await touchSession(db, sessionId, row.last_seen_at, now);
  return { actor: actorWithMemberships(row, null), sessionId, csrfToken: row.csrf_token };
}

export const authPlugin = fp(plugin, { name: 'meridian-auth' });
