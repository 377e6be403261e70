import { type OutboxWorkerHandle, outboxWorkerPlugin } from '../../db/outbox-worker-lifecycle';
import { appVersion } from '../../version';
import { startGroupExportWorker } from './group-export-worker';

/** Every worker process writes queued group exports, from the moment the app is ready until it closes. */
export const groupExportPlugin = outboxWorkerPlugin(
  { plugin: 'group-exports', decoration: 'groupExportWorker', logAs: 'group export worker' },
  (ctx, onError) =>
    startGroupExportWorker({
      db: ctx.database.db,
      files: ctx.services.files,
      sourceUrl: ctx.services.externalUrl,
      meridianVersion: appVersion().version,
      sendsEmail: ctx.services.mail !== null,
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      onError,
    }),
);

declare module 'fastify' {
  interface FastifyInstance {
    groupExportWorker?: OutboxWorkerHandle;
  }
}
