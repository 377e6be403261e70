import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BackupFileError, type BackupHeader, type BackupManifest } from './backup-format';

export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'rows'; table: string; rows: string[] }
  | { kind: 'end'; manifest: BackupManifest };

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function parseControl(line: string, lineNumber: number, fileName: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new BackupFileError(`${fileName} is damaged: line ${lineNumber} is not what a Meridian backup holds there.`);
}

async function* lines(path: string): AsyncGenerator<string> {
  const input = createReadStream(path).pipe(createGunzip());
  try {
    yield* createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  } finally {
    input.destroy();
  }
}

/**
 * Reads a backup file, checking its structure as it goes and its SHA-256 at the end; yields the rows
 * in batches of at most `batchSize`. Anything wrong — not gzip, cut short, a changed byte, counts that
 * disagree — throws BackupFileError, so a caller that reads the whole file before writing anything
 * never restores half of a damaged backup.
 */
export async function* readBackup(path: string, batchSize = 500): AsyncGenerator<BackupEvent> {
  const fileName = basename(path);
  const hash = createHash('sha256');
  const damaged = (why: string) => new BackupFileError(`${fileName} is damaged or not a Meridian backup: ${why}.`);
  let header: BackupHeader | undefined;
  let section: { table: string; left: number } | undefined;
  let batch: string[] = [];
  let sequences: Record<string, number> | undefined;
  const counts: Record<string, number> = {};
  let lineNumber = 0;
  try {
    for await (const line of lines(path)) {
      lineNumber += 1;
      if (section && section.left > 0) {
        if (!line.startsWith('{') || !line.endsWith('}')) throw damaged(`line ${lineNumber} is not a row`);
        hash.update(`${line}\n`);
        batch.push(line);
        section.left -= 1;
        if (batch.length >= batchSize || section.left === 0) {
          yield { kind: 'rows', table: section.table, rows: batch };
          batch = [];
        }
        continue;
      }
      const control = parseControl(line, lineNumber, fileName);
      if (!header) {
        if (control.meridianBackup !== BACKUP_FORMAT || !Array.isArray(control.migrations)) {
          throw damaged('it does not begin with a Meridian backup header');
        }
        header = control as unknown as BackupHeader;
        hash.update(`${line}\n`);
        yield { kind: 'header', header };
      } else if (typeof control.table === 'string' && Number.isInteger(control.rows) && !sequences) {
        if (!TABLE_NAME.test(control.table) || control.table in counts) throw damaged(`bad table ${control.table}`);
        counts[control.table] = control.rows as number;
        section = { table: control.table, left: control.rows as number };
        hash.update(`${line}\n`);
      } else if (control.sequences && typeof control.sequences === 'object' && !sequences) {
        sequences = control.sequences as Record<string, number>;
        hash.update(`${line}\n`);
      } else if (control.end && typeof control.end === 'object' && sequences) {
        const end = control.end as { counts?: Record<string, number>; sha256?: string };
        if (end.sha256 !== hash.digest('hex')) throw damaged('its checksum does not match its contents');
        if (JSON.stringify(end.counts) !== JSON.stringify(counts)) throw damaged('its counts disagree with its rows');
        yield { kind: 'end', manifest: { ...header, counts, sequences, sha256: end.sha256 } };
        return;
      } else {
        throw damaged(`line ${lineNumber} is out of place`);
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw damaged((error as Error).message);
  }
  throw damaged(header ? 'it ends before its manifest (cut short?)' : 'it is empty');
}

/** Reads the whole file and returns its manifest, or throws BackupFileError. */
export async function verifyBackup(path: string): Promise<BackupManifest> {
  for await (const event of readBackup(path, 10_000)) if (event.kind === 'end') return event.manifest;
  throw new BackupFileError(`${basename(path)} has no manifest.`);
}
