import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import type { Config } from '../config';
import { BackupFileError } from '../db/backup/backup-format';
import { requestBackup } from '../db/backup/backup-socket';
import { verifyBackup } from '../db/backup/read-backup';
import { writeBackup } from '../db/backup/write-backup';
import { DataDirLockedError } from '../db/data-dir-lock';
import { appVersion } from '../version';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

const defaultName = (now: Date) =>
  `meridian-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z-v${appVersion().version}.jsonl.gz`;

/** Writes the backup to `partial`: directly from the database, or from the server holding the data directory. */
async function backUpTo(partial: string, config: Config, out: (line: string) => void): Promise<void> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    out(`Meridian is running on ${error.dataDir}: asking it for the backup…`);
    await requestBackup(config.DATA_DIR, createWriteStream(partial, { flags: 'wx' }));
    return;
  }
  try {
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }));
    await writeBackup({ db: database.db, kind: database.kind, version: appVersion().version }, gzip, out);
    gzip.end();
    await written;
  } finally {
    await database.close();
  }
}

/**
 * `meridian backup [--output FILE]`: a consistent copy of the whole database (taken while the server
 * runs), checked end to end before it is given its name, so a file with the name is a whole backup.
 */
export async function runBackup(argv: string[], config: Config, out: (line: string) => void = console.log) {
  const { values } = parseArgs({ args: argv, options: { output: { type: 'string', short: 'o' } }, strict: true });
  const file = values.output ?? defaultName(new Date());
  if (existsSync(file)) throw new CliError(`${file} already exists: choose another --output.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    await backUpTo(partial, config, out);
    const manifest = await verifyBackup(partial);
    renameSync(partial, file);
    const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
    const tables = Object.keys(manifest.counts).length;
    out(
      `Backup written to ${file}: ${rows.toLocaleString('en')} rows in ${tables} tables, ` +
        `${(statSync(file).size / 1024).toFixed(0)} KiB, Meridian ${manifest.version}, ` +
        `migration ${manifest.migrations.at(-1)?.version ?? 0}, sha256 ${manifest.sha256}.`,
    );
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof BackupFileError)
      throw new CliError(`The backup came out incomplete, and was removed: ${error.message}`);
    throw error;
  }
}
