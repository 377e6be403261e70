import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { BackupFileError } from '../db/backup/backup-format';
import { verifyBackup } from '../db/backup/read-backup';
import { RestoreRefusedError, restoreBackup } from '../db/backup/restore-backup';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

/** `meridian restore FILE`: loads a backup into an empty database (a new DATA_DIR or PostgreSQL database). */
export async function runRestore(argv: string[], config: Config, out: (line: string) => void = console.log) {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true });
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new CliError('Usage: meridian restore FILE (see meridian restore --help).');
  if (!existsSync(file)) throw new CliError(`${file}: no such file.`);
  const manifest = await verifyBackup(file).catch((error: unknown) => {
    throw error instanceof BackupFileError ? new CliError(error.message) : error;
  });
  const database = await openDatabase(config);
  try {
    const { upgradedWith } = await restoreBackup(database.db, file, manifest, out);
    const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
    out(
      `Restored ${rows.toLocaleString('en')} rows from ${file} (Meridian ${manifest.version}, made ${manifest.createdAt}).`,
    );
    if (upgradedWith.length) out(`Then upgraded with: ${upgradedWith.join(', ')}`);
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof RestoreRefusedError) throw new CliError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}
