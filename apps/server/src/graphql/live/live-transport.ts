import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type SelectionSetNode,
  specifiedRules,
  validate,
} from 'graphql';
import type { AppContext } from '../../context';
import { MAX_DEPTH } from '../builder';
import { createLoaders } from '../loaders/loaders';
import { DeliveryPacer } from './delivery-pacer';
import type { LiveContext } from './live-context';
import { LiveConnection, type LiveLimits, MAX_CONNECTIONS_PER_IP } from './live-limits';

/** A personal access token is at most this long (as the REST header is capped). */
const MAX_TOKEN_LENGTH = 255;

/** Whether the request asks to become a WebSocket. */
const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * Mercurius' subscription options: the graphql-ws (and legacy subscriptions-transport-ws) protocol on
 * the GraphQL path. Each connection gets its own state; a token in connection_init's payload
 * (`{ "token": "…" }`, at most 255 characters, else connection_error "Forbidden") is checked on each
 * subscribe and event as the PRIVATE-TOKEN header would be; without one the upgrade request's
 * session cookie (or token header) is used.
 */
export function subscriptionOptions(app: FastifyInstance, ctx: AppContext, limits: LiveLimits) {
  const pacer = new DeliveryPacer();
  return {
    keepAlive: 30_000,
    // The address as the upgrade hook counted it: Fastify's request.ip honours TRUST_PROXY.
    context: (_socket: unknown, request: FastifyRequest): Omit<LiveContext, 'request'> => ({
      ctx,
      actor: null,
      loaders: createLoaders(ctx.database.db, null),
      live: new LiveConnection(limits, request.ip),
      bus: app.realtime.bus,
      pacer,
    }),
    onConnect: async (data: { payload?: unknown }) => {
      const payload = data.payload;
      if (payload === undefined || payload === null) return true;
      if (typeof payload !== 'object') return false;
      const token = (payload as { token?: unknown }).token;
      if (token === undefined) return true;
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return false;
      // Checked on each subscribe as the header would be: a bad one is refused there with its 401.
      return { liveToken: token };
    },
    onDisconnect: (context: object) => {
      (context as Partial<LiveContext>).live?.close();
    },
  };
}

/**
 * Before the upgrade: a browser page of another site may not open a socket with the user's cookie
 * (Origin must be MERIDIAN_EXTERNAL_URL's origin when it is set, else name the Host the request
 * came to), and one client address (`request.ip`, as TRUST_PROXY resolves it) holds at most
 * MAX_CONNECTIONS_PER_IP sockets.
 */
export function liveUpgradeHook(app: FastifyInstance, limits: LiveLimits, externalUrl?: string) {
  const siteOrigin = externalUrl ? new URL(externalUrl).origin : undefined;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isUpgrade(request)) return;
    const origin = request.headers.origin;
    if (origin && !fromThisSite(origin, siteOrigin, request.headers.host)) {
      return refuse(request, reply, 403, '403 Forbidden - WebSocket connections are only accepted from this site');
    }
    if (!limits.ips.acquire(request.ip)) {
      const message = `429 Too Many Requests - at most ${MAX_CONNECTIONS_PER_IP} live connections per address`;
      return refuse(request, reply, 429, message);
    }
    request.raw.socket.once('close', () => limits.ips.release(request.ip));
  });
}

/** Answers a refused upgrade and closes its socket (the WebSocket layer owns it: no HTTP keep-alive). */
function refuse(request: FastifyRequest, reply: FastifyReply, code: number, message: string) {
  reply.raw.once('finish', () => request.raw.socket.destroy());
  return reply.code(code).header('connection', 'close').send({ message });
}

/** Behind a proxy that rewrites Host, only the configured external origin names this site. */
function fromThisSite(origin: string, siteOrigin: string | undefined, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return siteOrigin ? url.origin === siteOrigin : url.host === host;
  } catch {
    return false;
  }
}

/**
 * Mercurius runs subscription documents without validating them: validate as a query is (the
 * specified rules) and cap the depth, before anything listens.
 */
export function validateSubscription(schema: GraphQLSchema, document: DocumentNode): void {
  const errors = validate(schema, document, specifiedRules);
  if (errors[0]) throw errors[0];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION && depthOf(definition.selectionSet, 0) > MAX_DEPTH) {
      throw new GraphQLError(`Query has depth of more than ${MAX_DEPTH}, which exceeds max depth of ${MAX_DEPTH}`, {
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      });
    }
  }
}

/** The depth of a selection set; fragments are refused for subscriptions by the depth walk (counted as too deep). */
function depthOf(set: SelectionSetNode | undefined, depth: number): number {
  if (!set) return depth;
  let deepest = depth;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) return Number.POSITIVE_INFINITY;
    const next = selection.kind === Kind.FIELD ? depth + 1 : depth;
    deepest = Math.max(deepest, depthOf(selection.selectionSet, next));
    if (deepest > MAX_DEPTH) return deepest;
  }
  return deepest;
}
