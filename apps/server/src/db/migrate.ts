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

/** Applies every numbered SQL migration not yet recorded, each in its own transaction. */
export async function migrate(db: Database, migrations = listMigrations()): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const done = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(db);
  const applied = new Set(done.rows.map((r) => r.version));
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
