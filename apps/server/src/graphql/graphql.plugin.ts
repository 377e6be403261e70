import type { FastifyPluginAsync } from 'fastify';
import mercurius from 'mercurius';
import type { AppContext } from '../context';
import { readOnReplica } from '../db/load-balancing/load-balancing.plugin';
import { hasMutation } from '../lib/graphql-document';
import { refuseMutationsOnSecondary } from '../modules/geo/routes';
import { buildContext } from './context';
import { errorFormatter } from './errors';
import { LiveLimits } from './live/live-limits';
import { liveUpgradeHook, subscriptionOptions, validateSubscription } from './live/live-transport';
import { schema } from './schema';
import { documentSizeHook } from './validation/document-size';
import { inputLimitsRule } from './validation/input-limits.rule';
import { noHttpSubscriptionsRule } from './validation/no-http-subscriptions.rule';
import { variableLimitsHook } from './validation/variable-limits';

/**
 * Parsed and validated documents kept by query text (Mercurius' LRU, and a second one for documents
 * that failed validation; each holds between this many and twice this many): the web app's ~40
 * documents stay cached.
 */
export const DOCUMENT_CACHE_ENTRIES = 32;

/**
 * The most tokens a document may have. A parsed document keeps up to ~470 bytes a token (its nodes
 * and their locations); the web app's largest document is ~370 tokens, GitLab's seed documents with
 * their fragments inlined stay under ~1,000.
 */
export const MAX_DOCUMENT_TOKENS = 1800;

/**
 * What the two document caches may hold at most: 2 caches × 2 × DOCUMENT_CACHE_ENTRIES documents,
 * each at most MAX_DOCUMENT_TOKENS parsed and MAX_DOCUMENT_CHARACTERS of text (its cache key).
 * Mercurius' LRU counts entries only, so the bound comes from the per-document limits;
 * `document-cache.test.ts` measures a largest document and checks the product stays under this.
 */
export const DOCUMENT_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * GraphQL at /api/graphql (Mercurius, JIT off). The auth plugin has already set `request.actor`:
 * tokens work as for REST, and cookie sessions need X-CSRF-Token on POST. GET serves queries only;
 * a GET that upgrades to a WebSocket serves subscriptions (graphql-ws protocol, see live/).
 */
export const graphqlPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The process's live-connection counts (per address, per user): sockets live in the process.
  const limits = new LiveLimits();
  liveUpgradeHook(app, limits, ctx.config.MERIDIAN_EXTERNAL_URL);
  await app.register(mercurius, {
    schema,
    path: '/api/graphql',
    graphiql: false,
    jit: 0,
    allowBatchedQueries: false,
    // Length caps and NUL bytes: literals by this rule, part of the cached document; variables by
    // the pre-execution hook below, on every request, cached document or not.
    validationRules: [inputLimitsRule, noHttpSubscriptionsRule],
    cache: DOCUMENT_CACHE_ENTRIES,
    graphql: { parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS } },
    context: (request) => buildContext(ctx, request),
    errorFormatter,
    subscription: subscriptionOptions(app, ctx, limits),
  });
  // Before the cache: a document too long to cache is refused, not parsed.
  app.graphql.addHook('preParsing', documentSizeHook);
  app.graphql.addHook('preExecution', variableLimitsHook);
  if (ctx.site.secondary) app.graphql.addHook('preExecution', refuseMutationsOnSecondary(ctx.site.primaryUrl));
  // With read replicas, a query (sent as POST) reads on one as a GET would.
  if (ctx.database.replicas) {
    app.graphql.addHook('preExecution', async (_schema, document, context) => {
      if (!hasMutation(document)) await readOnReplica(ctx, context.reply.request.actor);
    });
  }
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => validateSubscription(schema, document));
};
