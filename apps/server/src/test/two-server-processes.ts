import { afterAll, beforeAll } from 'vitest';
import { connect, type DatabaseHandle } from '../db/connection';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

/** Two `meridian start` processes, A and B, on one throw-away PostgreSQL database. */
export interface TwoServerProcesses {
  database: ThrowawayDatabase | undefined;
  /** Started first: it migrates the database. A suite that kills it sets it to undefined. */
  a: ServerProcess | undefined;
  b: ServerProcess | undefined;
  /** The test's own connection to the database. */
  handle: DatabaseHandle | undefined;
}

export interface TwoServerProcessesOptions {
  /** Prefix of the throw-away database's name. */
  name: string;
  /** Added to both processes' environment. */
  env?: Record<string, string>;
  /** Runs on the database once A has migrated it, before B starts. */
  beforeB?: (db: DatabaseHandle['db']) => Promise<void>;
}

/**
 * Registers a `beforeAll` that makes a throw-away database on the PostgreSQL server at `serverUrl`,
 * starts A (which migrates it), connects, runs `beforeB` and starts B (which finds the migrations
 * done), and an `afterAll` that stops both, closes the connection and drops the database. Call it
 * inside the suite's `describe`, before the suite's own hooks.
 */
export function useTwoServerProcesses(serverUrl: string, options: TwoServerProcessesOptions): TwoServerProcesses {
  const started: TwoServerProcesses = { database: undefined, a: undefined, b: undefined, handle: undefined };
  beforeAll(async () => {
    const database = await createThrowawayDatabase(serverUrl, options.name);
    started.database = database;
    started.a = await startServerProcess(database.url, options.env);
    started.handle = await connect({ url: database.url, poolSize: 2 });
    await options.beforeB?.(started.handle.db);
    started.b = await startServerProcess(database.url, options.env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopServerProcess(started.a), stopServerProcess(started.b)]);
    await started.handle?.close();
    await started.database?.drop();
  }, 60_000);
  return started;
}
