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
    // Length caps and NUL bytes are checked on literals AND variables, so the rule needs the
    // request's variables; Mercurius then cannot cache validated documents.
    validationRules: ({ variables }) => [inputLimitsRule(variables), noHttpSubscriptionsRule],
    cache: false,
    context: (request) => buildContext(ctx, request),
    errorFormatter,
    subscription: subscriptionOptions(app, ctx, limits),
  });
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => validateSubscription(schema, document));
};
