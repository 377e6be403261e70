import { CliError } from './cli/cli-error';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

const USAGE = `Usage: meridian <command> [options]

Commands:
  start                       migrate, create root, seed demo data on first start, serve on HOST:PORT
  migrate                     apply pending database migrations
  seed [--scale demo|large] [--epics N] [--issues N]
                              load demo data, or a large data set for benchmarks
  create-token --user USERNAME --scopes api[,read_api,read_user] [--name NAME] [--expires-at YYYY-MM-DD]
                              print a new personal access token

The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR (./data).`;

/** The `meridian` command line: dispatches to one file per command under src/cli/. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  try {
    const config = loadConfig();
    switch (command) {
      // Commands load lazily, so `create-token` does not pay for the whole app.
      case 'start':
        await (await import('./cli/start')).runStart(config);
        return -1; // keeps running until a signal
      case 'migrate':
        await (await import('./cli/migrate')).runMigrate(config);
        return 0;
      case 'seed':
        await (await import('./cli/seed')).runSeed(args, config);
        return 0;
      case 'create-token':
        await (await import('./cli/create-token')).runCreateToken(args, config);
        return 0;
      default:
        console.error(`Unknown command "${command}".\n\n${USAGE}`);
        return 1;
    }
  } catch (error) {
    if (error instanceof CliError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return error instanceof CliError ? error.exitCode : 1;
    }
    // parseArgs (unknown or malformed options) and configuration errors: one clear line.
    const code = (error as { code?: string }).code;
    if (code?.startsWith('ERR_PARSE_ARGS') || (error as Error).message?.startsWith('Invalid configuration')) {
      console.error((error as Error).message);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

const exitCode = await main(process.argv.slice(2));
if (exitCode >= 0) process.exit(exitCode);
