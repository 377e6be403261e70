import { type OutboxWorkerHandle, outboxWorkerPlugin } from '../db/outbox-worker-lifecycle';
import { startFileRemovalWorker } from './file-removals';

/** Every worker process removes the queued files of deleted rows, from the moment the app is ready until it closes. */
export const fileRemovalPlugin = outboxWorkerPlugin(
  { plugin: 'file-removals', decoration: 'fileRemovalWorker', logAs: 'file removal worker' },
  (ctx, onError) =>
    startFileRemovalWorker({
      db: ctx.database.db,
      files: ctx.services.files,
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      onError,
    }),
);

declare module 'fastify' {
  interface FastifyInstance {
    fileRemovalWorker?: OutboxWorkerHandle;
  }
}
