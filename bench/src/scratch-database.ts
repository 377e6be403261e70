import pg from 'pg';

/**
 * Runs `run` on a new, empty PostgreSQL database `name` beside `adminUrl`'s (dropped first if a
 * crashed run left it, and dropped again afterwards), and answers what it answered.
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  name: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
