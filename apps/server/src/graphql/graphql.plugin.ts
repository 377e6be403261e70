import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

/** GraphQL at /api/graphql. */
export const graphqlPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
