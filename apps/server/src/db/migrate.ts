import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './connection';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
}

// pg_advisory_lock key for the migration run: "meridian" in ASCII, read as an integer.
const MIGRATION_LOCK_KEY = '7882832519763681646';

/**
 * Applies every numbered SQL migration not yet recorded, each in its own transaction. The whole run
 * holds a PostgreSQL advisory lock on one connection, so processes starting together on one
 * database wait for each other: one applies the migrations, the others then find nothing to do.
 */
export async function migrate(db: Database, migrations = listMigrations()): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(conn);
    try {
      return await applyPending(conn, migrations);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(conn);
    }
  });
}

async function applyPending(db: Database, migrations: Migration[]): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied = new Set(await appliedVersions(db));
  const ran: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    await db.transaction().execute(async (trx) => {
      await sql.raw(m.sql).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`.execute(trx);
    });
    ran.push(`${String(m.version).padStart(4, '0')}_${m.name}`);
  }
  return ran;
}

async function appliedVersions(db: Database): Promise<number[]> {
  const done = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(db);
  return done.rows.map((r) => r.version);
}

/** True when the first migration has not run yet: an empty database (nothing is created here). */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const table = await sql<{ name: string | null }>`SELECT to_regclass('schema_migrations')::text AS name`.execute(db);
  if (!table.rows[0]?.name) return true;
  return !(await appliedVersions(db)).includes(1);
}

/** The migrations of this release that the database has not applied (read only: for a standby, which cannot apply them). */
export async function pendingMigrations(db: Database, migrations = listMigrations()): Promise<string[]> {
  const table = await sql<{ name: string | null }>`SELECT to_regclass('schema_migrations')::text AS name`.execute(db);
  const applied = new Set(table.rows[0]?.name ? await appliedVersions(db) : []);
  return migrations
    .filter((m) => !applied.has(m.version))
    .map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`);
}
