import pg from 'pg';
import { meridianCli } from './meridian-cli';

export interface LargeDataSet {
  epics: number;
  issues: number;
}

/**
 * Makes `databaseUrl` hold the large data set: creates the database when it does not exist (or
 * recreates it with `reseed`) and runs `meridian seed --scale large --epics N --issues N` into it. A
 * database that exists already is reused as it is. A seed that fails drops the database it created,
 * so the next run starts clean. Answers whether it seeded.
 */
export async function ensureLargeDatabase(
  databaseUrl: string,
  { epics, issues }: LargeDataSet,
  { reseed = false, log = console.error }: { reseed?: boolean; log?: (line: string) => void } = {},
): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  const quoted = `"${name.replace(/"/g, '""')}"`;
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && !reseed) {
      log(`using the existing database ${name} (pass --reseed to recreate it)`);
      return false;
    }
    if (exists) {
      log(`dropping database ${name} (--reseed)`);
      await admin.query(`DROP DATABASE ${quoted} WITH (FORCE)`);
    }
    log(`creating database ${name}`);
    await admin.query(`CREATE DATABASE ${quoted}`);
    const started = Date.now();
    log(`seeding: meridian seed --scale large --epics ${epics} --issues ${issues} (a minute or more) …`);
    try {
      const output = meridianCli(
        { DATABASE_URL: databaseUrl },
        'seed',
        '--scale',
        'large',
        '--epics',
        String(epics),
        '--issues',
        String(issues),
      );
      for (const line of output.split('\n')) log(`  ${line}`);
    } catch (error) {
      log(`seeding failed: dropping ${name}`);
      await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
      throw error;
    }
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return true;
  } finally {
    await admin.end();
  }
}
