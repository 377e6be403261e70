import { basename } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../connection';
import { listMigrations, type Migration, migrate } from '../migrate';
import { BackupFileError, type BackupManifest, checkMigrationLevel } from './backup-format';
import { readBackup } from './read-backup';
import { dataTables } from './write-backup';

/** Thrown when the target database cannot take a restore (not empty, or a role that may not load it). */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations of this release newer than the backup, applied after its data. */
  upgradedWith: string[];
}

async function refuseUnlessEmpty(db: Database): Promise<void> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(db);
  const tables = rows[0]?.n ?? 0;
  if (tables > 0) {
    throw new RestoreRefusedError(
      `Restore needs an empty database, and this one already holds ${tables} table${tables === 1 ? '' : 's'}. ` +
        'Restore into a new DATA_DIR, or a new PostgreSQL database (createdb), and point Meridian at it.',
    );
  }
}

async function refuseUnlessSuperuser(db: Database): Promise<void> {
  const { rows } = await sql<{ superuser: boolean }>`
    SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`.execute(db);
  if (!rows[0]?.superuser) {
    throw new RestoreRefusedError(
      'Restore loads rows whose references point both ways, with reference checks held until the end ' +
        '(session_replication_role), which PostgreSQL allows a superuser only: run it as one (for example postgres).',
    );
  }
}

async function insertableColumns(db: Database, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(db);
  if (rows.length === 0) throw new BackupFileError(`The backup holds a table this release does not have: ${table}.`);
  return rows.map((r) => r.name);
}

/**
 * Restores a backup into an empty database. The caller has read the whole file with verifyBackup
 * (a damaged file is refused before a database is even opened); the load reads it again and checks
 * its checksum again inside the transaction. Migrates to the backup's level, loads every row and sequence in one
 * transaction (all or nothing), then applies this release's newer migrations: a backup of an older
 * release restores into this one.
 */
export async function restoreBackup(
  db: Database,
  path: string,
  manifest: BackupManifest,
  progress: (line: string) => void = () => undefined,
  migrations: Migration[] = listMigrations(),
): Promise<RestoreResult> {
  checkMigrationLevel(manifest, migrations, basename(path));
  await refuseUnlessEmpty(db);
  await refuseUnlessSuperuser(db);
  progress(
    `Checked ${basename(path)}: Meridian ${manifest.version}, ${manifest.migrations.length} migrations, made ${manifest.createdAt}.`,
  );
  await migrate(db, migrations.slice(0, manifest.migrations.length));
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    const tables = await dataTables(trx);
    if (tables.length) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    const columns = new Map<string, string[]>();
    for await (const event of readBackup(path)) {
      if (event.kind !== 'rows') continue;
      let names = columns.get(event.table);
      if (!names) {
        names = await insertableColumns(trx, event.table);
        columns.set(event.table, names);
      }
      const list = sql.join(names.map((n) => sql.ref(n)));
      await sql`
        INSERT INTO ${sql.table(event.table)} (${list}) OVERRIDING SYSTEM VALUE
        SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.table(event.table)}, ${`[${event.rows.join(',')}]`}::jsonb)`.execute(
        trx,
      );
    }
    for (const [name, value] of Object.entries(manifest.sequences)) {
      await sql`
        SELECT setval(c.oid, ${value}) FROM pg_class c
        WHERE c.relname = ${name} AND c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace`.execute(trx);
    }
    for (const [table, count] of Object.entries(manifest.counts)) {
      if (count > 0) progress(`${table}: ${count.toLocaleString('en')} rows`);
    }
  });
  const upgradedWith = await migrate(db, migrations);
  return { manifest, upgradedWith };
}
