import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { appVersion } from '../version';

/** Operator endpoints: version, liveness and readiness (database reachable). */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v4/version', async () => appVersion());
  app.get('/-/health', async (_req, reply) => reply.type('text/plain').send('GitLab OK'));
  app.get('/-/readiness', async (_req, reply) => {
    try {
      await sql`SELECT 1`.execute(ctx.database.db);
      return { status: 'ok', master_check: [{ status: 'ok' }] };
    } catch (error) {
      reply.status(503);
      return { status: 'failed', master_check: [{ status: 'failed', message: String(error) }] };
    }
  });
};
