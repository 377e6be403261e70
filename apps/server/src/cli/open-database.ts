import type { Config } from '../config';
import { connect, type DatabaseHandle } from '../db/connection';
import { acquireDataDirLock } from '../db/data-dir-lock';

/**
 * Opens the database every command uses: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite at DATA_DIR after taking its lock (so a second process is refused, not corrupting it).
 * The returned handle's `close()` also releases the lock.
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return connect({
      url: config.DATABASE_URL,
      listenUrl: config.DATABASE_LISTEN_URL,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
      replicaUrls: config.DATABASE_REPLICA_URLS,
    });
  }
  const lock = await acquireDataDirLock(config.DATA_DIR);
  try {
    const database = await connect({ dataDir: config.DATA_DIR });
    const close = database.close;
    database.close = async () => {
      try {
        await close();
      } finally {
        lock.release();
      }
    };
    return database;
  } catch (error) {
    lock.release();
    throw error;
  }
}
