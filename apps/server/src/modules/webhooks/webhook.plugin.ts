import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { startWebhookWorker } from './webhook-worker';

/** Every server process delivers queued webhooks, from the moment the app is ready until it closes. */
const webhooks: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  let worker: ReturnType<typeof startWebhookWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startWebhookWorker(ctx.database.db, {
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      instanceUrl: ctx.services.externalUrl,
      onError: (error) => app.log.error({ err: error }, 'webhook worker'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
  app.decorate('webhookWorker', {
    pollNow: async () => worker?.pollNow(),
  });
};

export const webhookPlugin = fp(webhooks, { name: 'webhooks' });

declare module 'fastify' {
  interface FastifyInstance {
    webhookWorker?: { pollNow: () => Promise<void> };
  }
}
