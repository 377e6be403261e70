import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type AppContext, appContext } from '../context';
import { connect, type Database, type DatabaseHandle } from '../db/connection';
import { migrate } from '../db/migrate';
import { ensurePgTemplate } from './pg-template';
import { giveBackPglite, takeMigratedPglite } from './pglite-reuse';
import { createThrowawayDatabase } from './throwaway-database';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  database: DatabaseHandle;
  close: () => Promise<void>;
}

/**
 * A real, migrated database and the real app, for one test file: in-memory PGlite by default,
 * or a fresh throw-away database on the server named by TEST_DATABASE_URL (a copy of the migrated
 * template; the migrate call below then finds nothing to do, as it finds on PGlite).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: DatabaseHandle;
  if (baseUrl) {
    const throwaway = await createThrowawayDatabase(baseUrl, 'meridian_test', await ensurePgTemplate(baseUrl));
    database = await connect({ url: throwaway.url, poolSize: 4 });
    dropDatabase = throwaway.drop;
  } else {
    const pglite = await takeMigratedPglite();
    database = await connect({ pglite });
    const closeHandle = database.close;
    database.close = async () => {
      await closeHandle();
      await giveBackPglite(pglite);
    };
  }
  await migrate(database.db);
  // The webhook and import workers' polls would count in the tests' statement budgets: their tests poll them.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEBHOOK_POLL_INTERVAL_MS: '3600000',
    IMPORT_POLL_INTERVAL_MS: '3600000',
    ...env,
  });
  const ctx = appContext(config, database);
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
