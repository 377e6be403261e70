import type { FastifyPluginAsync } from 'fastify';
import mercurius from 'mercurius';
import type { AppContext } from '../context';
import { buildContext } from './context';
import { errorFormatter } from './errors';
import { LiveLimits } from './live/live-limits';
import { liveUpgradeHook, subscriptionOptions, validateSubscription } from './live/live-transport';
import { schema } from './schema';
import { inputLimitsRule } from './validation/input-limits.rule';
import { noHttpSubscriptionsRule } from './validation/no-http-subscriptions.rule';
import { variableLimitsHook } from './validation/variable-limits';

/**
 * Parsed and validated documents kept by query text (Mercurius' LRU, and a second one for documents
 * that failed validation; each holds up to twice this many). The web app sends ~40 documents.
 */
export const DOCUMENT_CACHE_ENTRIES = 64;

/**
 * The most tokens a document may have. A parsed document costs ~300 bytes a token, so this bounds
 * what the caches can hold in parsed nodes (2 caches × 2 × 64 entries × 8,000 × 300 B ≈ 600 MB for a
 * client filling them with the largest documents); long string literals add their text (a body is at
 * most 2 MB). The web app's largest document literal is ~370 tokens, GitLab's work item widgets
 * fragment ~250: room for GitLab's documents with their fragments inlined.
 */
export const MAX_DOCUMENT_TOKENS = 8000;

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
  app.graphql.addHook('preExecution', variableLimitsHook);
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => validateSubscription(schema, document));
};
