import pg from 'pg';
import { hashPassword } from '../../apps/server/src/auth/password';

/**
 * Gives `root` this password on a bench database: `MERIDIAN_ROOT_PASSWORD` only applies when a
 * server's first start creates `root`, and a reused database may have been started without it.
 */
export async function setRootPassword(databaseUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const updated = await client.query("UPDATE users SET password_hash = $1 WHERE username = 'root'", [
      await hashPassword(password),
    ]);
    if (updated.rowCount !== 1) throw new Error('no user root: start the server on this database once first');
  } finally {
    await client.end();
  }
}
