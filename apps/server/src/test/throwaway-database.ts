import { randomBytes } from 'node:crypto';
import { databaseUrl, onServer } from './pg-template';

/** A fresh database on a PostgreSQL server, for one test file or suite. */
export interface ThrowawayDatabase {
  /** Its connection URL: the server's, with the database's name as the path. */
  url: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop: () => Promise<void>;
}

/**
 * Creates `${prefix}_<random hex>` on the PostgreSQL server at `serverUrl` (TEST_DATABASE_URL):
 * empty, or a copy of the database `template` (see pg-template.ts).
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  // A commit then returns before its WAL reaches the disk (~3.5 ms instead of ~12 here): only a
  // crash of the PostgreSQL server itself could lose it, which no test does. Visibility is unchanged.
  await onServer(serverUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
