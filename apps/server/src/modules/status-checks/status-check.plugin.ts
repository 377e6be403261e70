import { type OutboxWorkerHandle, outboxWorkerPlugin } from '../../db/outbox-worker-lifecycle';
import { startStatusCheckWorker } from './status-check-worker';

/** Every server process sends queued status check requests, from the moment the app is ready until it closes. */
export const statusCheckPlugin = outboxWorkerPlugin(
  { plugin: 'status-checks', decoration: 'statusCheckWorker', logAs: 'status check worker' },
  (ctx, onError) =>
    startStatusCheckWorker(ctx.database.db, { pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS, onError }),
);

declare module 'fastify' {
  interface FastifyInstance {
    statusCheckWorker?: OutboxWorkerHandle;
  }
}
