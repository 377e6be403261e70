import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { instanceHmac } from '../auth/instance-secret';
import type { AppContext } from '../context';
import { type ChangeBus, startChangeBus } from './change-bus';
import { ChangeVersions } from './change-versions';
import { PollEtags, pollCredential } from './poll-etag';

/** GitLab's Poll-Interval for realtime_changes, in milliseconds. */
export const POLL_INTERVAL_MS = 3_000;

export interface Realtime {
  bus: ChangeBus;
  versions: ChangeVersions;
  etags: PollEtags;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
  interface FastifyContextConfig {
    /** A polled route: the key of the item its parameters name, for the 304 check before authentication. */
    pollPathKey?: (params: Record<string, string>) => string;
  }
}

/** The headers every poll answer carries, 200 or 304. */
export function setPollHeaders(reply: FastifyReply, etag: string | undefined): void {
  reply.header('Poll-Interval', String(POLL_INTERVAL_MS));
  reply.header('Cache-Control', 'no-cache');
  if (etag) reply.header('ETag', etag);
}

/**
 * The change bus, the version cache fed by it, and the one hook that answers an unchanged poll.
 * Registered after the cookie parser and BEFORE authentication: a 304 is decided from the
 * presented credential, the in-memory version and the HMAC alone — no SQL statement at all.
 * Anything else (no or stale ETag, unknown item, another credential) falls through to the route,
 * which authenticates and authorizes as every request does.
 */
const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const bus = await startChangeBus(ctx.database, (message) => app.log.warn(message));
  const versions = new ChangeVersions();
  versions.reset(bus.isListening());
  bus.onChange((change) => versions.changed(`${change.kind}:${change.id}`, change.version));
  bus.onReset((listening) => versions.reset(listening));
  // The key comes from the database; a server started while it is down still starts (readiness says 503).
  const etags = new PollEtags(() => instanceHmac(ctx.database.db, 'realtime-poll-etag', 'key'));
  await etags.ready();
  app.decorate('realtime', { bus, versions, etags });
  app.addHook('onClose', () => bus.close());

  // Synchronous (no promise, no await before the ETag check): it runs on every request.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const pathKey = request.routeOptions.config.pollPathKey;
    const ifNoneMatch = request.headers['if-none-match'];
    if (!pathKey || !ifNoneMatch || request.method !== 'GET') return done();
    const known = versions.lookup(pathKey(request.params as Record<string, string>));
    if (!known) return done();
    const etag = etags.etag(known.itemKey, known.version, pollCredential(request));
    if (!etags.matches(ifNoneMatch, etag)) return done();
    setPollHeaders(reply, etag);
    // Answered here: the remaining request hooks (authentication, rate limit) and the route do not run.
    reply.code(304).send();
  });
};

export const realtimePlugin = fp(plugin, { name: 'meridian-realtime' });
