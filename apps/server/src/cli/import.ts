import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatTimeLeft } from '@meridian/domain';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { migrate } from '../db/migrate';
import { DomainError } from '../errors';
import {
  claimImportJob,
  importerOf,
  listImportJobSkips,
  newWorkerId,
  presentImportJob,
  readImportJob,
  runClaimedJob,
  startCsvImport,
} from '../modules/imports';
import { findProject } from '../modules/namespaces';
import { loadActor } from '../policy/load-actor';
import { serviceConfigOf } from '../service-context';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

export interface ImportCsvOptions {
  file: string;
  into: string;
  user: string;
  /** Where the progress bar goes (stderr); none in tests. */
  progress?: NodeJS.WritableStream;
  /** The summary and the skip report (stdout). */
  out: (line: string) => void;
}

/** Report rows printed after the import (the rest are counted). */
const REPORT_ROWS = 100;
/** How often the bar reads the job row while the import runs here or in another process. */
const REFRESH_MS = 250;

/**
 * Imports a CSV file of issues into a project as `user` through the same import job the web starts:
 * this process runs it (or, when a server's worker took it first, follows it), with a progress bar.
 * Answers the finished job.
 */
export async function importCsvFile(db: Database, config: Config, options: ImportCsvOptions) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'admin', 'state'])
    .where(sql`lower(username)`, '=', options.user.toLowerCase())
    .executeTakeFirst();
  if (user?.state !== 'active') throw new CliError(`No active user with the username "${options.user}".`);
  const actor = await loadActor(db, user, null);
  const size = await stat(options.file).catch(() => undefined);
  if (!size?.isFile()) throw new CliError(`No file at ${options.file}.`);
  let started: Awaited<ReturnType<typeof startCsvImport>>;
  try {
    const project = await findProject(db, actor, { fullPath: options.into });
    const data = await readFile(options.file);
    started = await startCsvImport({ db, actor, config: serviceConfigOf(config) }, project, {
      filename: options.file.split('/').pop() ?? 'issues.csv',
      data,
    });
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Cannot import into ${options.into}: ${error.message}`);
    throw error;
  }

  const bar = options.progress
    ? new cliProgress.SingleBar(
        {
          format: 'import [{bar}] {percentage}% | {value}/{total} issues | {rate}/s | {eta_text} left',
          hideCursor: true,
          stream: options.progress,
          // Piped (CI logs): a plain line every few seconds instead of redrawing.
          noTTYOutput: true,
          notTTYSchedule: 5000,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const show = async () => {
    const job = presentImportJob(await readImportJob(db, started.id));
    bar?.setTotal(job.total);
    bar?.update(job.processed, { rate: job.rate_per_second ?? '—', eta_text: formatTimeLeft(job.seconds_left) });
    return job;
  };
  bar?.start(0, 0, { rate: '—', eta_text: '—' });
  const timer = setInterval(() => void show().catch(() => undefined), REFRESH_MS);
  try {
    const workerId = newWorkerId();
    const claimed = await claimImportJob(db, workerId, { jobId: started.id });
    if (claimed) await runClaimedJob({ db, config: serviceConfigOf(config), workerId, importerOf }, claimed);
    // Taken by a server's worker (or cut short there): follow it until it ends.
    while (!['finished', 'failed'].includes((await show()).state)) await new Promise((r) => setTimeout(r, REFRESH_MS));
  } finally {
    clearInterval(timer);
  }
  const job = await show();
  bar?.stop();
  const counters = job.counters.issue ?? { done: 0, skipped: 0, total: 0 };
  if (job.state === 'failed') throw new CliError(`The import failed: ${job.error ?? 'unknown error'}`);
  options.out(`Imported ${counters.done} issues into ${options.into}; ${counters.skipped} rows skipped.`);
  const { rows, total } = await listImportJobSkips(db, job.id, { page: 1, per_page: REPORT_ROWS });
  for (const row of rows) options.out(`  line ${row.source_id}: ${row.reason}`);
  if (total > rows.length) options.out(`  … and ${total - rows.length} more`);
  return job;
}

/** `meridian import csv --file FILE --into GROUP/PROJECT [--user USERNAME]`. */
export async function runImport(argv: string[], config: Config, out: (line: string) => void = console.log) {
  const [what, ...rest] = argv;
  if (what !== 'csv')
    throw new CliError('Usage: meridian import csv --file FILE --into GROUP/PROJECT [--user USERNAME]');
  const { values, positionals } = parseArgs({
    args: rest,
    options: { file: { type: 'string' }, into: { type: 'string' }, user: { type: 'string', default: 'root' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new CliError(`Unexpected argument: ${positionals[0]}`);
  if (!values.file || !values.into) throw new CliError('Both --file and --into are required.');
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    await importCsvFile(database.db, config, {
      file: values.file,
      into: values.into,
      user: values.user,
      progress: process.stderr,
      out,
    });
  } finally {
    await database.close();
  }
}
