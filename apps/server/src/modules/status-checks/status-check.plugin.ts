import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../../config';
import type { AppContext } from '../../context';
import { runOutboxWorker } from '../../db/outbox-worker-lifecycle';
import { startStatusCheckWorker } from './status-check-worker';

/** Every server process sends queued status check requests, from the moment the app is ready until it closes. */
const statusChecks: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const worker = runOutboxWorker(app, runsBackgroundWorkers(ctx.config), () =>
    startStatusCheckWorker(ctx.database.db, {
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      onError: (error) => app.log.error({ err: error }, 'status check worker'),
    }),
  );
  app.decorate('statusCheckWorker', worker);
};

export const statusCheckPlugin = fp(statusChecks, { name: 'status-checks' });

declare module 'fastify' {
  interface FastifyInstance {
    statusCheckWorker?: { pollNow: () => Promise<void> };
  }
}
