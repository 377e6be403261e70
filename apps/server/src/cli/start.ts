import type { Config } from '../config';
import { startServer } from '../server';

const FORCE_EXIT_AFTER_MS = 15_000;

/** `meridian start`: serves until SIGINT/SIGTERM, then closes the app, the database and the lock; exit 0. */
export async function runStart(config: Config): Promise<void> {
  const server = await startServer(config);
  console.log(`Meridian is running at ${server.url}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      console.error(`Received ${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`Received ${signal}: shutting down…`);
    setTimeout(() => {
      console.error('Shutdown took too long: exiting.');
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while shutting down:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
