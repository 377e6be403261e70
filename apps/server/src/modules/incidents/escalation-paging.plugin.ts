import { type OutboxWorkerHandle, outboxWorkerPlugin } from '../../db/outbox-worker-lifecycle';
import { mailSettingsOf } from '../notifications';
import { startEscalationPaging } from './escalation-paging';

/** Every server process pages the escalations that fall due, from the moment the app is ready until it closes. */
export const escalationPagingPlugin = outboxWorkerPlugin(
  { plugin: 'escalation-paging', decoration: 'escalationPaging', logAs: 'escalation paging worker' },
  (ctx, onError) =>
    startEscalationPaging(ctx.database.db, {
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      mail: mailSettingsOf(ctx.config),
      onError,
    }),
);

declare module 'fastify' {
  interface FastifyInstance {
    escalationPaging?: OutboxWorkerHandle;
  }
}
