import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';

/** Operator endpoints: liveness and readiness (database reachable). */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/-/health', async (_req, reply) => reply.type('text/plain').send('GitLab OK'));
  app.get('/-/readiness', async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(ctx.database.db);
      return { status: 'ok', master_check: [{ status: 'ok' }] };
    } catch (error) {
      // The cause (host names, users, driver messages) goes to the log, never to the anonymous caller.
      request.log.error({ err: error }, 'readiness: database check failed');
      reply.status(503);
      return { status: 'failed', master_check: [{ status: 'failed', message: 'unexpected Db check result' }] };
    }
  });
};
