import { type OutboxWorkerHandle, outboxWorkerPlugin } from '../../db/outbox-worker-lifecycle';
import { startWebhookWorker } from './webhook-worker';

/** Every server process delivers queued webhooks, from the moment the app is ready until it closes. */
export const webhookPlugin = outboxWorkerPlugin(
  { plugin: 'webhooks', decoration: 'webhookWorker', logAs: 'webhook worker' },
  (ctx, onError) =>
    startWebhookWorker(ctx.database.db, {
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      instanceUrl: ctx.services.externalUrl,
      onError,
    }),
);

declare module 'fastify' {
  interface FastifyInstance {
    webhookWorker?: OutboxWorkerHandle;
  }
}
