import { formatTimeLeft } from '@meridian/domain';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import {
  claimImportJob,
  importerOf,
  importWriters,
  listImportJobSkips,
  newWorkerId,
  presentImportJob,
  readImportJob,
  runClaimedJob,
} from '../modules/imports';
import { loadActor } from '../policy/load-actor';
import { serviceConfigOf } from '../service-context';
import { CliError } from './cli-error';

// What every `meridian import …` shares: the importing user, the progress bar that follows the job, the report.

/** The importing user, who must be active. */
export async function activeActor(db: Database, username: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'admin', 'state'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (user?.state !== 'active') throw new CliError(`No active user with the username "${username}".`);
  return loadActor(db, user, null);
}

/** Report rows printed after the import (the rest are counted). */
export const REPORT_ROWS = 100;
/** How often the bar reads the job row while the import runs here or in another process. */
const REFRESH_MS = 250;

export async function printSkips(db: Database, jobId: number, out: (line: string) => void) {
  const { rows, total } = await listImportJobSkips(db, jobId, { page: 1, per_page: REPORT_ROWS });
  for (const row of rows) out(`  ${row.kind} ${row.source_id}: ${row.reason}`);
  if (total > rows.length) out(`  … and ${total - rows.length} more`);
}

/**
 * The bar's line: the counts once the source has told its totals, and until then (a remote source
 * still listing, an export being written) what it waits for, and for a source with nothing in it (or
 * that failed before counting) that there was nothing: never "100% | 0/0".
 */
function importBarFormat(unit: string): cliProgress.GenericFormatter {
  const counting = `import [{bar}] counting the ${unit}… | {duration_formatted}`;
  const counted = `import [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | {eta_text} left`;
  const nothing = `import [{bar}] no ${unit} | {duration_formatted}`;
  return (options, params, payload) => {
    const format = params.total > 0 ? counted : payload.ended === true ? nothing : counting;
    return cliProgress.Format.Formatter(
      { ...options, format },
      params.total > 0 ? params : { ...params, progress: 0 },
      payload,
    );
  };
}

/**
 * Runs an import job in this process with a progress bar (or, when a server's worker took it first,
 * follows it there) until it ends; answers the ended job.
 */
export async function followImportJob(
  db: Database,
  config: Config,
  jobId: number,
  options: { progress?: NodeJS.WritableStream; unit: string },
) {
  const bar = options.progress
    ? new cliProgress.SingleBar(
        {
          format: importBarFormat(options.unit),
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
    const job = presentImportJob(await readImportJob(db, jobId));
    bar?.setTotal(job.total);
    bar?.update(job.processed, {
      ended: job.state === 'finished' || job.state === 'failed',
      rate: job.rate_per_second ?? '—',
      eta_text: formatTimeLeft(job.seconds_left),
    });
    return job;
  };
  bar?.start(0, 0, { ended: false, rate: '—', eta_text: '—' });
  const timer = setInterval(() => void show().catch(() => undefined), REFRESH_MS);
  try {
    const workerId = newWorkerId();
    const claimed = await claimImportJob(db, workerId, { jobId });
    const writers = importWriters(config.DATABASE_URL ? 'postgres' : 'pglite');
    if (claimed)
      await runClaimedJob({ db, config: serviceConfigOf(config), workerId, importerOf }, claimed, { writers });
    // Taken by a server's worker (or cut short there): follow it until it ends.
    while (!['finished', 'failed'].includes((await show()).state)) await new Promise((r) => setTimeout(r, REFRESH_MS));
  } finally {
    clearInterval(timer);
  }
  const job = await show();
  bar?.stop();
  if (job.state === 'failed') throw new CliError(`The import failed: ${job.error ?? 'unknown error'}`);
  return job;
}
