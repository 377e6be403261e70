import type { FastifyInstance } from 'fastify';
import { bootstrapRoot } from './auth/bootstrap-root';
import { refuseKnownDemoPassword } from './auth/demo-password-guard';
import { deleteExpiredSessions } from './auth/sessions.service';
import { openDatabase } from './cli/open-database';
import { loadSeedDemo } from './cli/seed-modules';
import type { Config } from './config';
import { appContext } from './context';
import { isEmptyDatabase, migrate } from './db/migrate';
import { warnIfSignupOpen } from './modules/application-settings';
import { warnIfProxyUntrusted } from './trust-proxy-warning';

export interface RunningServer {
  app: FastifyInstance;
  /** Where the server answers, e.g. http://localhost:3000. */
  url: string;
  /** Closes the HTTP server, then the database (PGlite checkpoints), then releases the data-dir lock. */
  stop: () => Promise<void>;
}

const HOUR = 60 * 60 * 1000;

/**
 * Boots Meridian: database (lock for PGlite), the demo-password check for non-loopback HOSTs,
 * migrations, the `root` admin, demo data on the first start of an empty database (MERIDIAN_SEED),
 * then the app listening on HOST:PORT.
 */
export async function startServer(config: Config, log: (line: string) => void = console.log): Promise<RunningServer> {
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  const stop = async () => {
    if (sweeper) clearInterval(sweeper);
    try {
      await app?.close();
    } finally {
      await database.close();
    }
  };
  try {
    const db = database.db;
    warnIfProxyUntrusted(config, log);
    await refuseKnownDemoPassword(db, {
      host: config.HOST,
      demoPassword: config.MERIDIAN_DEMO_PASSWORD,
      seedWouldRun: config.MERIDIAN_SEED === 'demo' && (await isEmptyDatabase(db)),
    });
    const ran = await migrate(db);
    if (ran.length > 0) log(`Applied migrations: ${ran.join(', ')}`);
    await bootstrapRoot(db, { password: config.MERIDIAN_ROOT_PASSWORD, print: log });
    const freshDatabase = ran.some((m) => m.startsWith('0001_'));
    await warnIfSignupOpen(db, { postgres: Boolean(config.DATABASE_URL), firstStart: freshDatabase, log });
    if (freshDatabase && config.MERIDIAN_SEED === 'demo') {
      log('Seeding demo data (first start; set MERIDIAN_SEED=none to skip)…');
      const seedDemo = await loadSeedDemo();
      await seedDemo(db, { password: config.MERIDIAN_DEMO_PASSWORD, log });
    }
    await deleteExpiredSessions(db);
    sweeper = setInterval(() => void deleteExpiredSessions(db).catch(() => undefined), HOUR);
    sweeper.unref();
    const ctx = appContext(config, database);
    // Loaded after the data-dir lock is taken, so a refused second start fails fast.
    const { buildApp } = await import('./app');
    app = await buildApp(ctx, { logger: true, serveWeb: true });
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.HOST) ? 'localhost' : config.HOST;
    return { app, url: `http://${host}:${port}`, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
