import { parseArgs } from 'node:util';
import { type Config, SERVER_ROLES, type ServerRole } from '../config';
import { startServer } from '../server';
import { CliError } from './cli-error';

const FORCE_EXIT_AFTER_MS = 15_000;

function roleOf(value: string | undefined, fallback: ServerRole): ServerRole {
  if (value === undefined) return fallback;
  if (!(SERVER_ROLES as readonly string[]).includes(value))
    throw new CliError(`--role must be one of ${SERVER_ROLES.join(', ')}, got "${value}"`);
  return value as ServerRole;
}

/**
 * `meridian start [--role all|web|worker]`: serves (and/or runs the background workers) until
 * SIGINT/SIGTERM, then closes the app, the database and the lock; exit 0.
 */
export async function runStart(argv: string[], config: Config): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { role: { type: 'string' } }, strict: true });
  const role = roleOf(values.role, config.MERIDIAN_ROLE);
  if (role !== 'all' && !config.DATABASE_URL)
    throw new CliError(
      `--role ${role} needs PostgreSQL (DATABASE_URL): the embedded database serves one process, which runs everything (--role all).`,
    );
  // Signals are handled from before the server starts: a supervisor that stops us while we start (or
  // the instant we print that we run) gets the same clean shutdown, never the default kill.
  let stopping = false;
  const starting = startServer({ ...config, MERIDIAN_ROLE: role });
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
    starting
      .then((server) => server.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Error while shutting down:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const server = await starting;
  if (stopping) return;
  console.log(
    role === 'worker'
      ? 'Meridian worker is running (webhook and email deliveries, session clean-up)'
      : `Meridian is running at ${server.url}${role === 'web' ? ' (web only: no background workers)' : ''}`,
  );
}
