import type { FastifyInstance } from 'fastify';
import { bootstrapRoot } from './auth/bootstrap-root';
import { refuseKnownDemoPassword } from './auth/demo-password-guard';
import { deleteExpiredSessions } from './auth/sessions.service';
import { openDatabase } from './cli/open-database';
import { loadSeedDemo } from './cli/seed-modules';
import { type Config, runsBackgroundWorkers } from './config';
import { appContext } from './context';
import { serveBackups } from './db/backup/backup-socket';
import type { DatabaseHandle } from './db/connection';
import { isEmptyDatabase, migrate, pendingMigrations } from './db/migrate';
import { isStandby } from './db/standby';
import { warnIfSignupOpen } from './modules/application-settings';
import { primarySite, startGeoStatusReporter } from './modules/geo';
import { ldapSettings, syncLdapGroupLinks } from './modules/ldap';
import { warnIfProxyUntrusted } from './trust-proxy-warning';
import { appVersion } from './version';

export interface RunningServer {
  app: FastifyInstance;
  /** Where the server answers, e.g. http://localhost:3000 (empty for a `--role worker` process). */
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
  let backups: { close: () => void } | undefined;
  let geoReporter: { stop: () => void } | undefined;
  let ldapSync: NodeJS.Timeout | undefined;
  const stop = async () => {
    if (sweeper) clearInterval(sweeper);
    if (ldapSync) clearInterval(ldapSync);
    geoReporter?.stop();
    backups?.close();
    try {
      await app?.close();
    } finally {
      await database.close();
    }
  };
  try {
    const db = database.db;
    warnIfProxyUntrusted(config, log);
    if (database.kind === 'postgres' && (await isStandby(db))) {
      // A Geo secondary: its database is a standby of the primary's, so nothing here writes.
      const secondary = await secondaryContext(config, database, log);
      const { buildApp } = await import('./app');
      app = await buildApp(secondary, { logger: true, serveWeb: true });
      const url = await listen(app, config);
      // GitLab's Geo::MetricsUpdateWorker: the primary learns this site's status from its reports.
      geoReporter = startGeoStatusReporter({
        db,
        externalUrl: secondary.services.externalUrl,
        intervalSeconds: config.GEO_STATUS_INTERVAL_SECONDS,
        version: appVersion(),
        log,
      });
      return { app, url, stop };
    }
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
    if (runsBackgroundWorkers(config)) {
      await deleteExpiredSessions(db);
      sweeper = setInterval(() => void deleteExpiredSessions(db).catch(() => undefined), HOUR);
      sweeper.unref();
      const ldap = ldapSettings(config);
      if (ldap) {
        // GitLab's LdapAllGroupsSyncWorker, hourly (`meridian ldap-sync` runs it at once).
        ldapSync = setInterval(
          () =>
            void syncLdapGroupLinks(db, ldap).catch((error: Error) => log(`LDAP group sync failed: ${error.message}`)),
          HOUR,
        );
        ldapSync.unref();
      }
    }
    if (database.kind === 'pglite') {
      backups = await serveBackups(config.DATA_DIR, { db, kind: database.kind, version: appVersion().version });
    }
    const ctx = appContext(config, database);
    // Loaded after the data-dir lock is taken, so a refused second start fails fast.
    const { buildApp } = await import('./app');
    const serves = config.MERIDIAN_ROLE !== 'worker';
    app = await buildApp(ctx, { logger: true, serveWeb: serves });
    if (!serves) {
      // A worker serves no HTTP: its outbox workers start when the app is ready.
      await app.ready();
      return { app, url: '', stop };
    }
    return { app, url: await listen(app, config), stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** Listens on HOST:PORT; where the server answers, with `localhost` for a loopback or any-address host. */
async function listen(app: FastifyInstance, config: Config): Promise<string> {
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host}:${port}`;
}

/**
 * The context of a Geo secondary site: a web process (the outbox is the primary's to deliver) on a
 * standby already at this release's migration level (a standby cannot migrate: the primary is
 * upgraded first), knowing its primary's URL from the replicated Geo sites.
 */
async function secondaryContext(config: Config, database: DatabaseHandle, log: (line: string) => void) {
  const pending = await pendingMigrations(database.db);
  if (pending.length > 0) {
    throw new Error(
      `This database is a standby whose primary lacks this release's migrations (${pending.join(', ')}): upgrade the primary site first.`,
    );
  }
  const primary = await primarySite(database.db);
  log(
    `Geo secondary site: the database is a read-only standby; writes are refused${primary ? ` and sent to the primary site, ${primary.url}` : ' (no site is marked primary yet)'}.`,
  );
  if (!config.REDIS_URL) {
    log('Rate limits on this secondary site count in each process: set REDIS_URL to share them between its processes.');
  }
  return appContext({ ...config, MERIDIAN_ROLE: 'web' }, database, {
    secondary: true,
    primaryUrl: primary?.url ?? null,
    primaryInternalUrl: primary?.internalUrl ?? null,
  });
}
