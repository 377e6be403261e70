import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { cachedApplicationSettings } from '../modules/application-settings';
import { BUCKETS, type Bucket } from './buckets';
import { databaseStore, deleteExpiredRateLimits } from './database-store';
import { processStore } from './process-store';
import { redisNamespace } from './redis-namespace';
import {
  isAiRequest,
  isApiRequest,
  isExpensiveRead,
  isExportRequest,
  isNoteCreation,
  isProtectedPath,
  isWrite,
} from './request-kinds';
import { sendTooManyRequests } from './too-many-requests';

const SWEEP_EVERY_MS = 5 * 60 * 1000;

/** The per-login sign-in lockout, used by the sign-in route (it alone knows whether a sign-in failed). */
export interface SignInThrottle {
  /** Seconds until `login` may try again, or null when it may now. */
  lockedFor(request: FastifyRequest, login: string): Promise<number | null>;
  recordFailure(request: FastifyRequest, login: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signInThrottle: SignInThrottle;
  }
}

export function rateLimitsOn(config: Config): boolean {
  return (config.RATE_LIMITS ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

/** Logins are hashed in keys: people type passwords into the login field. */
function loginKey(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Counts one hit in `bucket` for `id` and answers the seconds to wait when it is over its limit
 * (`increment: false` only reads). Settings come from the per-process cache; counters from the
 * shared store.
 */
async function overLimit(
  app: FastifyInstance,
  request: FastifyRequest,
  bucket: Bucket,
  id: string,
  increment = true,
): Promise<number | null> {
  const { max, windowSeconds } = bucket.limit(await cachedApplicationSettings(app.ctx.database.db));
  if (max <= 0) return null;
  const limiter = app.createRateLimit({
    keyGenerator: () => `${bucket.name}:${id}`,
    max,
    timeWindow: windowSeconds * 1000,
  });
  const result = await limiter(request, { increment });
  if (result.isAllowed) return null;
  const exceeded = increment ? result.isExceeded : result.remaining === 0;
  return exceeded ? Math.max(1, result.ttlInSeconds) : null;
}

/**
 * The buckets a request counts in, decided without SQL; most signed-in reads count in none. Every
 * write counts somewhere, whatever its route: a protected path per address, a signed-in user's in
 * their `api_writes`, an anonymous one per address (with the anonymous API requests).
 */
function bucketsFor(request: FastifyRequest): Array<[Bucket, string]> {
  if (isProtectedPath(request)) return [[BUCKETS.protectedPaths, addressOf(request)]];
  const user = request.actor ? `user:${request.actor.id}` : null;
  const buckets: Array<[Bucket, string]> = [];
  if (!user && (isApiRequest(request) || isWrite(request))) buckets.push([BUCKETS.anonymousApi, addressOf(request)]);
  if (user && isWrite(request)) buckets.push([BUCKETS.apiWrites, user]);
  if (user && isNoteCreation(request)) buckets.push([BUCKETS.notes, user]);
  if (user && isAiRequest(request)) buckets.push([BUCKETS.ai, user]);
  if (user && isExportRequest(request)) buckets.push([BUCKETS.projectExport, user]);
  if (isExpensiveRead(request)) {
    buckets.push(user ? [BUCKETS.search, user] : [BUCKETS.anonymousSearch, addressOf(request)]);
  }
  return buckets;
}

/** ioredis is loaded only when REDIS_URL is set: an embedded single-process install never needs it. */
async function redisClient(app: FastifyInstance, url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) app.log.warn({ err: error }, 'rate limits: Redis unavailable, requests are not counted');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/**
 * Rate limits that hold across processes: `@fastify/rate-limit` with its counters in Redis
 * (REDIS_URL) or in the database's `rate_limits` table (in the process on a Geo secondary without
 * Redis), limits from the application settings,
 * and GitLab's 429 `Retry later` with `Retry-After`.
 */
const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  if (!rateLimitsOn(ctx.config)) {
    app.decorate('signInThrottle', { lockedFor: async () => null, recordFailure: async () => undefined });
    return;
  }
  const redis = ctx.config.REDIS_URL ? await redisClient(app, ctx.config.REDIS_URL) : undefined;
  // A Geo secondary's database is a read-only standby: without Redis each of its processes counts
  // for itself rather than not at all.
  const inDatabase = !redis && !ctx.site.secondary;
  await app.register(rateLimit, {
    global: false,
    // A store that cannot answer lets requests through rather than failing them all.
    skipOnError: true,
    ...(redis
      ? { redis, nameSpace: await redisNamespace(db) }
      : { store: inDatabase ? databaseStore(db) : processStore() }),
  });

  app.decorate('signInThrottle', {
    lockedFor: (request, login) => overLimit(app, request, BUCKETS.loginFailures, loginKey(login), false),
    recordFailure: async (request, login) => {
      await overLimit(app, request, BUCKETS.loginFailures, loginKey(login));
    },
  } satisfies SignInThrottle);

  app.addHook('preValidation', async (request, reply) => {
    const buckets = bucketsFor(request);
    if (buckets.length === 0) return;
    const waits = await Promise.all(buckets.map(([bucket, id]) => overLimit(app, request, bucket, id)));
    const wait = Math.max(0, ...waits.map((w) => w ?? 0));
    if (wait > 0) return sendTooManyRequests(reply, wait);
  });

  if (inDatabase) {
    const sweeper = setInterval(() => void deleteExpiredRateLimits(db).catch(() => undefined), SWEEP_EVERY_MS);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
  } else if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
};

export const rateLimitPlugin = fp(plugin, { name: 'meridian-rate-limit', dependencies: ['meridian-auth'] });
