/**
 * A Meridian backup is one gzip file of JSON lines, the same for PGlite and PostgreSQL:
 *
 *   {"meridianBackup":1,"version":…,"database":…,"createdAt":…,"migrations":[{"version":1,"name":…},…]}
 *   {"table":"issues","rows":2}        a section header, then exactly `rows` lines, each a row as
 *   {…row as PostgreSQL's to_jsonb…}   PostgreSQL's to_jsonb writes it (values keep their precision:
 *   {…}                                they are never parsed in JavaScript)
 *   …
 *   {"sequences":{"issues_id_seq":42,…}}
 *   {"end":{"counts":{"issues":2,…},"sha256":"…"}}   the manifest's totals and a SHA-256 of every
 *                                                    byte before this line
 */
export const BACKUP_FORMAT = 1;

export interface BackupHeader {
  meridianBackup: typeof BACKUP_FORMAT;
  version: string;
  database: 'pglite' | 'postgres';
  createdAt: string;
  migrations: { version: number; name: string }[];
}

export interface BackupManifest extends BackupHeader {
  counts: Record<string, number>;
  sequences: Record<string, number>;
  sha256: string;
}

/** Thrown for a file that is not a whole, intact Meridian backup, or one this release cannot restore. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

type Migration = { version: number; name: string };
const label = (m: Migration) => `${String(m.version).padStart(4, '0')}_${m.name}`;

/** A backup restores into a release whose migrations begin with the backup's (the same or a later release). */
export function checkMigrationLevel(header: BackupHeader, known: Migration[], fileName: string): void {
  for (const [index, migration] of header.migrations.entries()) {
    const ours = known[index];
    if (!ours) {
      throw new BackupFileError(
        `${fileName} was made by a newer Meridian (${header.version}): its migration ${label(migration)} is unknown to this release. Upgrade Meridian, then restore.`,
      );
    }
    if (ours.version !== migration.version || ours.name !== migration.name) {
      throw new BackupFileError(
        `${fileName} does not fit this release: its migration ${label(migration)} is ${label(ours)} here.`,
      );
    }
  }
}
