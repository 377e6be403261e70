import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ReplicaSet } from './load-balancing/replica-hosts';
import { routingPool } from './load-balancing/routing-pool';
import { applyPlannerSettings } from './planner-settings';
import { preparingPool } from './prepared-statements';
import type { DB } from './schema';

// Dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Counts SQL statements sent; used by tests and benchmarks to catch N+1 queries. */
  queryCount: () => number;
  /** Records the statements (text and parameters) run while `fn` runs; benchmarks replay them raw. */
  captureQueries: <T>(fn: () => Promise<T>) => Promise<{ result: T; queries: CapturedQuery[] }>;
  close: () => Promise<void>;
  /** Where `LISTEN` runs (realtime/change-bus.ts): the embedded instance itself, or a dedicated connection to this URL. */
  listenVia: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
  /** The read replicas (DATABASE_REPLICA_URLS) the load balancer may send reads to; null without. */
  replicas: ReplicaSet | null;
}

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
  /** From sending the statement to its answer (benches sum it per kind of statement). */
  ms?: number;
}

export interface ConnectOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /**
   * Where the live-event connection LISTENs (a session of its own); default `url`. For a PgBouncer
   * in transaction mode at `url`, which cannot hold a LISTEN: PostgreSQL itself, or a session pool.
   */
  listenUrl?: string;
  /** PGlite data directory; absent means in-memory. */
  dataDir?: string;
  /** An already-open PGlite (tests share one initdb per file). */
  pglite?: PGlite;
  poolSize?: number;
  /** Named prepared statements for the marked reads (default on); off behind a transaction-mode PgBouncer < 1.21. */
  preparedStatements?: boolean;
  /** Streaming replicas of `url` that may serve reads (db/load-balancing/, docs/SCALING.md). */
  replicaUrls?: string[];
}

export async function connect(options: ConnectOptions): Promise<DatabaseHandle> {
  let count = 0;
  let capture: CapturedQuery[] | null = null;
  const log = (event: LogEvent) => {
    count += 1;
    capture?.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
  };
  const captureQueries = async <T>(fn: () => Promise<T>) => {
    capture = [];
    try {
      const result = await fn();
      return { result, queries: capture };
    } finally {
      capture = null;
    }
  };
  if (options.url) {
    // JIT compilation costs ~50 ms on plans the planner over-estimates (recursive CTEs) and never
    // pays back on page-sized queries.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    // An idle client whose server connection dies (restart, DROP DATABASE … FORCE) must not crash
    // the process; the pool replaces it on the next checkout.
    pool.on('error', (error) => {
      console.error(`PostgreSQL idle connection error: ${error.message}`);
    });
    applyPlannerSettings(pool);
    const preparedStatements = options.preparedStatements ?? true;
    const primary = preparingPool(pool, { enabled: preparedStatements });
    const replicas = options.replicaUrls?.length
      ? new ReplicaSet(options.replicaUrls, pool, { poolSize: options.poolSize ?? 10, preparedStatements })
      : null;
    await replicas?.start();
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: replicas ? routingPool(primary, replicas) : primary }),
      log,
    });
    return {
      db,
      kind: 'postgres',
      queryCount: () => count,
      captureQueries,
      close: async () => {
        await replicas?.close();
        await db.destroy();
      },
      listenVia: { kind: 'postgres', url: options.listenUrl ?? options.url },
      replicas,
    };
  }
  const ownsPglite = !options.pglite;
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = options.pglite ?? (await createPglite(options.dataDir));
  const pool = new pg.Pool(createPgConfig(pglite));
  applyPlannerSettings(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { enabled: true }) }), log });
  return {
    db,
    kind: 'pglite',
    queryCount: () => count,
    captureQueries,
    listenVia: { kind: 'pglite', pglite },
    replicas: null,
    close: async () => {
      await db.destroy();
      if (ownsPglite) {
        await pglite.query('CHECKPOINT');
        await pglite.close();
      }
    },
  };
}

/**
 * The embedded database runs inside this process, so its PostgreSQL memory is Meridian's: 8 MB of
 * shared buffers (PostgreSQL's default is 128 MB) and a handful of backend slots hold a team's data
 * set and keep an idle server near 170 MiB instead of 440 MiB (docs/BENCHMARKS.md, "Idle memory").
 */
const EMBEDDED_POSTGRES_SETTINGS = ['shared_buffers = 8MB', 'max_connections = 5'];

export function createPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf: EMBEDDED_POSTGRES_SETTINGS });
}
