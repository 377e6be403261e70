import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../../config';
import type { AppContext } from '../../context';
import { runOutboxWorker } from '../../db/outbox-worker-lifecycle';
import { appVersion } from '../../version';
import { startGroupExportWorker } from './group-export-worker';

/** Every worker process writes queued group exports, from the moment the app is ready until it closes. */
const groupExports: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const worker = runOutboxWorker(app, runsBackgroundWorkers(ctx.config), () =>
    startGroupExportWorker({
      db: ctx.database.db,
      files: ctx.services.files,
      sourceUrl: ctx.services.externalUrl,
      meridianVersion: appVersion().version,
      sendsEmail: ctx.services.mail !== null,
      pollIntervalMs: ctx.config.WEBHOOK_POLL_INTERVAL_MS,
      onError: (error) => app.log.error({ err: error }, 'group export worker'),
    }),
  );
  app.decorate('groupExportWorker', worker);
};

export const groupExportPlugin = fp(groupExports, { name: 'group-exports' });

declare module 'fastify' {
  interface FastifyInstance {
    groupExportWorker?: { pollNow: () => Promise<void> };
  }
}
