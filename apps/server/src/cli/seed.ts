import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';
import { loadSeedDemo, loadSeedLarge } from './seed-modules';

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100_000_000) {
    throw new CliError(`--${flag} must be a positive whole number, got "${value}"`);
  }
  return Number(value);
}

/** `meridian seed [--scale demo|large] [--epics N] [--issues N]`: migrates, then seeds. */
export async function runSeed(argv: string[], config: Config): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { scale: { type: 'string', default: 'demo' }, epics: { type: 'string' }, issues: { type: 'string' } },
    strict: true,
  });
  if (values.scale !== 'demo' && values.scale !== 'large') {
    throw new CliError(`--scale must be "demo" or "large", got "${values.scale}"`);
  }
  const epics = positiveInt(values.epics, 'epics');
  const issues = positiveInt(values.issues, 'issues');
  if (values.scale === 'demo' && (epics !== undefined || issues !== undefined)) {
    throw new CliError('--epics and --issues go with --scale large');
  }
  const database = await openDatabase(config);
  const log = (line: string) => console.log(line);
  try {
    await migrate(database.db);
    if (values.scale === 'large') {
      const seedLarge = await loadSeedLarge();
      await seedLarge(database.db, { epics, issues, log });
    } else {
      const seedDemo = await loadSeedDemo();
      await seedDemo(database.db, { password: config.MERIDIAN_DEMO_PASSWORD, log });
    }
  } finally {
    await database.close();
  }
}
