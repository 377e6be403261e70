import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect } from '../db/connection';
import { migrate } from '../db/migrate';
import { migrationsHash } from './migrations-hash';

/**
 * A new PostgreSQL database plus the migrations costs ~1.5 s; `CREATE DATABASE … TEMPLATE` of a
 * migrated one ~0.4 s. The template is built once per set of migrations (its name carries their
 * hash) and kept on the server, like the PGlite template in the temp folder.
 */
export function pgTemplateName(): string {
  return `meridian_template_${migrationsHash()}`;
}

/** The server's URL with `name` as the database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on its own connection to the server at `serverUrl`; returns the rows. */
export async function onServer(serverUrl: string, statement: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Makes sure the migrated template exists on the server at `serverUrl`. It is built under a
 * private name and renamed into place, so runs starting together (other worktrees) never clone a
 * half-migrated one; the loser of the rename drops its copy.
 */
export async function ensurePgTemplate(serverUrl: string): Promise<string> {
  const name = pgTemplateName();
  const exists = await onServer(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.length > 0) return name;
  const building = `meridian_template_build_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${building}`);
  const handle = await connect({ url: databaseUrl(serverUrl, building), poolSize: 1 });
  try {
    await migrate(handle.db);
  } finally {
    await handle.close();
  }
  try {
    await onServer(serverUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  return name;
}
