import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../../config';
import type { AppContext } from '../../context';
import { importWriters } from './import-runner';
import { type ImportWorker, startImportWorker } from './import-worker';

/** Every server process not started `--role web` runs import jobs, from the moment the app is ready until it closes. */
const imports: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  let worker: ImportWorker | undefined;
  if (runsBackgroundWorkers(ctx.config)) {
    app.addHook('onReady', async () => {
      worker = startImportWorker(ctx.database.db, {
        pollIntervalMs: ctx.config.IMPORT_POLL_INTERVAL_MS,
        config: ctx.services,
        onError: (error) => app.log.error({ err: error }, 'import worker'),
        run: { writers: importWriters(ctx.database.kind) },
      });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
  app.decorate('importWorker', { pollNow: async () => (await worker?.pollNow()) ?? [] });
};

export const importPlugin = fp(imports, { name: 'imports' });

declare module 'fastify' {
  interface FastifyInstance {
    importWorker?: { pollNow: () => Promise<string[]> };
  }
}
