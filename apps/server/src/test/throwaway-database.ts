import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on a PostgreSQL server, for one test file or suite. */
export interface ThrowawayDatabase {
  /** Its connection URL: the server's, with the database's name as the path. */
  url: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop: () => Promise<void>;
}

/** Runs one statement (CREATE or DROP DATABASE) on its own connection to the server at `serverUrl`. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `${prefix}_<random hex>` on the PostgreSQL server at `serverUrl` (TEST_DATABASE_URL). */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
