import type { FastifyInstance } from 'fastify';
import type { OutboxPoller } from './outbox-poller';

/**
 * Runs the outbox worker that `start` makes from the moment the app is ready until it closes (every
 * server process runs its own, unless it was started with `--role web`: `runs` false); answers the
 * `pollNow` the app decorates itself with for tests.
 */
export function runOutboxWorker(
  app: FastifyInstance,
  runs: boolean,
  start: () => Promise<OutboxPoller> | OutboxPoller,
): { pollNow: () => Promise<void> } {
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
