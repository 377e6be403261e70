import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../config';
import type { AppContext } from '../context';
import type { OutboxPoller } from './outbox-poller';

/** What the app decorates itself with for each outbox worker, for tests. */
export interface OutboxWorkerHandle {
  pollNow: () => Promise<void>;
}

/**
 * Runs the outbox worker that `start` makes from the moment the app is ready until it closes (every
 * server process runs its own, unless it was started with `--role web`: `runs` false); answers the
 * `pollNow` the app decorates itself with for tests.
 */
export function runOutboxWorker(
  app: FastifyInstance,
  runs: boolean,
  start: () => Promise<OutboxPoller> | OutboxPoller,
): OutboxWorkerHandle {
  let worker: OutboxPoller | undefined;
  if (!runs) return { pollNow: async () => undefined };
  app.addHook('onReady', async () => {
    worker = await start();
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
  return { pollNow: async () => worker?.pollNow() };
}

/**
 * The plugin of an outbox worker every process that runs background workers runs (`runOutboxWorker`):
 * `start` makes it from the app's context, its errors logged as `names.logAs`; the app is decorated
 * with its handle as `names.decoration`.
 */
export function outboxWorkerPlugin(
  names: { plugin: string; decoration: string; logAs: string },
  start: (ctx: AppContext, onError: (error: unknown) => void) => Promise<OutboxPoller> | OutboxPoller,
) {
  return fp<{ ctx: AppContext }>(
    async (app, { ctx }) => {
      const onError = (error: unknown) => app.log.error({ err: error }, names.logAs);
      const worker = runOutboxWorker(app, runsBackgroundWorkers(ctx.config), () => start(ctx, onError));
      app.decorate(names.decoration, worker);
    },
    { name: names.plugin },
  );
}
