import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from './open-database';

/** `meridian migrate`: applies pending migrations and prints which ran. */
export async function runMigrate(
  argv: string[],
  config: Config,
  out: (line: string) => void = console.log,
): Promise<void> {
  parseArgs({ args: argv, options: {}, strict: true });
  const database = await openDatabase(config);
  try {
    const ran = await migrate(database.db);
    out(ran.length ? `Applied: ${ran.join(', ')}` : 'Database is up to date: no migration to apply.');
  } finally {
    await database.close();
  }
}
