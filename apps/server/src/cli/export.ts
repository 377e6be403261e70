import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { ArchiveError, openGroupArchive, writeGroupArchive } from '../modules/group-transfer';
import { externalBaseUrl, findGroupRow } from '../modules/namespaces';
import { appVersion } from '../version';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

const USAGE = 'Usage: meridian export group --group PATH [--out FILE]';

/**
 * Writes the group at `groupPath` to `file` with the exporter `POST /api/v4/groups/:id/export`
 * uses, reads the archive back and checks it, and only then gives it its name; answers the summary.
 */
export async function exportGroupToFile(
  db: Database,
  options: { groupPath: string; file: string; sourceUrl: string },
): Promise<string> {
  const { file } = options;
  if (existsSync(file)) throw new CliError(`${file} already exists: choose another --out.`);
  const group = await findGroupRow(db, { fullPath: options.groupPath });
  if (!group) throw new CliError(`No group at ${options.groupPath}.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    const source = { db, groupId: group.id, sourceUrl: options.sourceUrl, meridianVersion: appVersion().version };
    await writeGroupArchive(source, partial);
    const { manifest } = await openGroupArchive(partial);
    renameSync(partial, file);
    const counts = Object.entries(manifest.files)
      .filter(([, f]) => f.count > 0)
      .map(([kind, f]) => `${f.count.toLocaleString('en')} ${kind}`);
    const size = (statSync(file).size / 1024).toFixed(0);
    return `Group ${manifest.group_full_path} exported to ${file} (${size} KiB): ${counts.join(', ')}.`;
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof ArchiveError)
      throw new CliError(`The archive came out damaged, and was removed: ${error.message}`);
    throw error;
  }
}

/** `meridian export group --group PATH [--out FILE]` (see commands.ts). */
export async function runExport(argv: string[], config: Config, out: (line: string) => void = console.log) {
  const [what, ...rest] = argv;
  if (what !== 'group') throw new CliError(USAGE);
  const { values } = parseArgs({
    args: rest,
    options: { group: { type: 'string', short: 'g' }, out: { type: 'string', short: 'o' } },
    strict: true,
  });
  if (!values.group) throw new CliError(`--group PATH is required (the group's full path, e.g. acme). ${USAGE}`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CliError(
      `Meridian is running on ${error.dataDir}: export through it (POST /api/v4/groups/:id/export), or stop it first.`,
    );
  }
  try {
    await migrate(database.db);
    const file = values.out ?? `${values.group.replaceAll('/', '_')}_export.tar.gz`;
    out(
      await exportGroupToFile(database.db, { groupPath: values.group, file, sourceUrl: externalBaseUrl({ config }) }),
    );
  } finally {
    await database.close();
  }
}
