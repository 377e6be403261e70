import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../connection';
import { BACKUP_FORMAT, type BackupHeader, type BackupManifest } from './backup-format';

const ROWS_PER_READ = 2_000;

/** Writes lines to `out` (waiting when it is full), hashing every byte. */
class LineWriter {
  private readonly hash = createHash('sha256');
  constructor(private readonly out: Writable) {}

  async line(text: string): Promise<void> {
    const bytes = `${text}\n`;
    this.hash.update(bytes);
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

export interface BackupSource {
  db: Database;
  kind: BackupHeader['database'];
  version: string;
}

/**
 * Writes a whole backup of the database to `out` (see backup-format.ts) from one REPEATABLE READ,
 * READ ONLY transaction: every table is read at the same instant, so the copy is consistent while the
 * server keeps writing. Tables are read in ctid order, a page of rows at a time, never all at once.
 */
export async function writeBackup(
  source: BackupSource,
  out: Writable,
  progress: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  return source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const writer = new LineWriter(out);
      const migrations = (
        await sql<{
          version: number;
          name: string;
        }>`SELECT version, name FROM schema_migrations ORDER BY version`.execute(trx)
      ).rows;
      const header: BackupHeader = {
        meridianBackup: BACKUP_FORMAT,
        version: source.version,
        database: source.kind,
        createdAt: new Date().toISOString(),
        migrations,
      };
      await writer.line(JSON.stringify(header));
      const counts: Record<string, number> = {};
      for (const table of await dataTables(trx)) {
        counts[table] = await writeTable(trx, table, writer);
        progress(`${table}: ${counts[table].toLocaleString('en')} rows`);
      }
      const sequences = await sequenceValues(trx);
      await writer.line(JSON.stringify({ sequences }));
      const sha256 = writer.digest();
      const end = JSON.stringify({ end: { counts, sha256 } });
      if (!out.write(`${end}\n`)) await once(out, 'drain');
      return { ...header, counts, sequences, sha256 };
    });
}

/** Every table of the public schema but the migration ledger, which the restore rebuilds itself. */
export async function dataTables(db: Database): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'schema_migrations'
    ORDER BY tablename`.execute(db);
  return rows.map((r) => r.tablename);
}

async function writeTable(db: Database, table: string, writer: LineWriter): Promise<number> {
  const { rows: countRows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
  const total = countRows[0]?.n ?? 0;
  await writer.line(JSON.stringify({ table, rows: total }));
  let after = '(0,0)';
  let written = 0;
  while (written < total) {
    const { rows } = await sql<{ at: string; row: string }>`
      SELECT t.ctid::text AS at, to_jsonb(t)::text AS row FROM ${sql.table(table)} t
      WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${ROWS_PER_READ}`.execute(db);
    if (rows.length === 0) break;
    for (const { row } of rows) await writer.line(row);
    written += rows.length;
    after = rows[rows.length - 1]?.at ?? after;
  }
  // One snapshot: the count and the rows cannot disagree unless something is badly wrong.
  if (written !== total) throw new Error(`${table}: counted ${total} rows but read ${written}`);
  return written;
}

async function sequenceValues(db: Database): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; value: string | null }>`
    SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
    WHERE schemaname = 'public' ORDER BY sequencename`.execute(db);
  const values: Record<string, number> = {};
  for (const { name, value } of rows) if (value !== null) values[name] = Number(value);
  return values;
}
