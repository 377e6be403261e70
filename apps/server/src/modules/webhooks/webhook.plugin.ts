import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../../config';
import type { AppContext } from '../../context';
import { runOutboxWorker } from '../../db/outbox-worker-lifecycle';
import { startWebhookWorker } from './webhook-worker';

/** Every server process delivers queued webhooks, from the moment the app is ready until it closes. */
const webhooks: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const worker = runOutboxWorker(app, runsBackgroundWorkers(ctx.config), () =>
    startWebhookWorker(ctx.database.db, {
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      instanceUrl: ctx.services.externalUrl,
      onError: (error) => app.log.error({ err: error }, 'webhook worker'),
    }),
  );
  app.decorate('webhookWorker', worker);
};

export const webhookPlugin = fp(webhooks, { name: 'webhooks' });

declare module 'fastify' {
  interface FastifyInstance {
    webhookWorker?: { pollNow: () => Promise<void> };
  }
}
