import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

/** Every REST v4 route group, mounted under /api/v4. */
export const restRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  void ctx;
};
