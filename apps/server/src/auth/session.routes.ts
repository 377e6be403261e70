import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { cachedApplicationSettings } from '../modules/application-settings';
import { mayCreateTopLevelGroups } from '../modules/groups';
import { authenticateLdap, ldapSettings } from '../modules/ldap';
import { presentUserSelf, type UserRow } from '../modules/users';
import { sendTooManyRequests } from '../rate-limit/too-many-requests';
import { parseInput } from '../rest/params';
import { authenticate, createAccount, userNamespaceId } from './accounts.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { createSession, revokeSession } from './sessions.service';

const signInBody = z.object({
  login: z.string().min(1).max(255),
  password: z.string().max(1024),
});

const signUpBody = z.object({
  username: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
  email: z.string().min(1).max(255),
  password: z.string().max(1024),
});

/**
 * The web app's JSON routes for accounts (not under /api/v4): `GET /-/session`,
 * `POST /users/sign_in` (rate limited per address and per login), `POST /users/sign_up` (when
 * `signup_enabled`), `POST /users/sign_out`.
 */
export const sessionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const ldap = ldapSettings(ctx.config);

  /**
   * A local password user, else (LDAP configured) the LDAP person of that login (IE-72). An LDAP
   * server that cannot be reached counts as a failed sign-in; the log says why.
   */
  async function authenticateAny(request: FastifyRequest, login: string, password: string): Promise<UserRow | null> {
    const local = await authenticate(db, login, password);
    if (local || !ldap) return local;
    try {
      return await authenticateLdap(db, ldap, login, password, (error) =>
        request.log.warn({ err: error }, 'LDAP group sync at sign-in failed'),
      );
    } catch (error) {
      request.log.warn({ err: error }, 'LDAP sign-in failed');
      return null;
    }
  }

  /** Starts a session for `user` (replacing the request's current one) and answers `{ user, csrf_token }`. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, namespaceId: number | null) {
    if (request.sessionId) await revokeSession(db, request.sessionId);
    const session = await createSession(db, user.id, {
      ttlDays: ctx.config.SESSION_TTL_DAYS,
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    setSessionCookie(request, reply, session);
    reply.header('cache-control', 'no-store');
    const canCreateGroup = await mayCreateTopLevelGroups(db, user);
    return { user: presentUserSelf(ctx, user, { namespaceId, canCreateGroup }), csrf_token: session.csrfToken };
  }

  app.get('/-/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.actor) return { user: null, csrf_token: null };
    const user = await db.selectFrom('users').selectAll().where('id', '=', request.actor.id).executeTakeFirstOrThrow();
    return {
      user: presentUserSelf(ctx, user, {
        namespaceId: await userNamespaceId(db, user.id),
        canCreateGroup: await mayCreateTopLevelGroups(db, user),
      }),
      csrf_token: request.csrfToken,
    };
  });

  // Requests per address are counted by the rate-limit plugin (protected paths); failures per
  // login here, so one account stays protected even when every client shares the proxy's address.
  app.post('/users/sign_in', async (request, reply) => {
    const body = parseInput(signInBody, request.body);
    const wait = await app.signInThrottle.lockedFor(request, body.login);
    if (wait !== null) return sendTooManyRequests(reply, wait);
    const user = await authenticateAny(request, body.login, body.password);
    if (!user) {
      await app.signInThrottle.recordFailure(request, body.login);
      throw new DomainError('unauthorized', 'Invalid login or password.');
    }
    return signIn(request, reply, user, await userNamespaceId(db, user.id));
  });

  app.post('/users/sign_up', async (request, reply) => {
    // Closed registration: the route is gone, as GitLab's sign-up page is (404).
    if (!(await cachedApplicationSettings(db)).signup_enabled) throw new DomainError('not_found', '404 Not Found');
    const body = parseInput(signUpBody, request.body);
    const user = await createAccount(db, body);
    const result = await signIn(request, reply, user, user.namespace_id);
    return reply.status(201).send(result);
  });

  app.post('/users/sign_out', async (request, reply) => {
    if (request.sessionId) await revokeSession(db, request.sessionId);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });
};
