import { GraphQLError, type ValidationRule } from 'graphql';

/** The answer to a subscription sent over HTTP. */
export const HTTP_SUBSCRIPTION_MESSAGE =
  'Subscriptions are served over WebSocket only: open /api/graphql with the graphql-transport-ws protocol';

/**
 * HTTP requests may not run subscription operations: graphql-js would run the subscription's
 * resolver once with no event (a meaningless answer). A 400 naming the WebSocket instead.
 */
export const noHttpSubscriptionsRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation === 'subscription')
      context.reportError(new GraphQLError(HTTP_SUBSCRIPTION_MESSAGE, { nodes: [node] }));
  },
});
