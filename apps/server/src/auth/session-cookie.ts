import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewSession } from './sessions.service';

/** The cookie that carries a browser session's secret. */
export const SESSION_COOKIE = '_meridian_session';

/**
 * Secure when the request came over https, or when the instance is published on https
 * (MERIDIAN_EXTERNAL_URL): behind a TLS-terminating proxy without TRUST_PROXY the request itself
 * looks like plain http.
 */
function secureCookie(request: FastifyRequest): boolean {
  const externalUrl = request.server.ctx.config.MERIDIAN_EXTERNAL_URL;
  return request.protocol === 'https' || (externalUrl?.toLowerCase().startsWith('https:') ?? false);
}

/** Sets the HttpOnly, SameSite=Lax session cookie. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookie(request),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookie(request),
  });
}
