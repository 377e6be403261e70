import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../../config';
import type { AppContext } from '../../context';
import { runOutboxWorker } from '../../db/outbox-worker-lifecycle';
import { mailSettingsOf } from '../notifications';
import { startEscalationPaging } from './escalation-paging';

/** Every server process pages the escalations that fall due, from the moment the app is ready until it closes. */
const escalationPaging: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const worker = runOutboxWorker(app, runsBackgroundWorkers(ctx.config), () =>
    startEscalationPaging(ctx.database.db, {
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      mail: mailSettingsOf(ctx.config),
      onError: (error) => app.log.error({ err: error }, 'escalation paging worker'),
    }),
  );
  app.decorate('escalationPaging', worker);
};

export const escalationPagingPlugin = fp(escalationPaging, { name: 'escalation-paging' });

declare module 'fastify' {
  interface FastifyInstance {
    escalationPaging?: { pollNow: () => Promise<void> };
  }
}
