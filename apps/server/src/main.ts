import { version } from '../package.json';
import { CliError } from './cli/cli-error';
import { COMMANDS, isHelpFlag, overallUsage } from './cli/commands';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

/** The `meridian` command line: `--version`, `--help`, and one file per command under src/cli/. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    console.log(`meridian ${version}`);
    return 0;
  }
  if (!name || name === 'help' || isHelpFlag(name)) {
    console.log(overallUsage());
    return name ? 0 : 1;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${overallUsage()}`);
    return 1;
  }
  if (args.some(isHelpFlag)) {
    console.log(command.usage);
    return 0;
  }
  try {
    await command.run(args, loadConfig());
    return command.keepsRunning ? -1 : 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return error instanceof CliError ? error.exitCode : 1;
    }
    // parseArgs (unknown or malformed options) and configuration errors: one clear line.
    const code = (error as { code?: string }).code;
    if (code?.startsWith('ERR_PARSE_ARGS') || (error as Error).message?.startsWith('Invalid configuration')) {
      console.error(`${(error as Error).message}\nSee \`meridian ${name} --help\`.`);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

const exitCode = await main(process.argv.slice(2));
if (exitCode >= 0) process.exit(exitCode);
