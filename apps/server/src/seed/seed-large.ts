import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { createClock } from './dates';
import { seedLargeEpics } from './large-epics';
import { seedLargeExtras } from './large-extras';
import { seedLargeIssues } from './large-issues';
import { seedLargeMergeRequests } from './large-merge-requests';
import { BENCH_GROUP_PATH, type LargeRun, seedLargeSetup } from './large-setup';
import { seedLongIssue } from './long-issue';
import { syncInternalIds } from './seed-demo';

export interface SeedLargeOptions {
  epics?: number;
  issues?: number;
  /** Merge requests (default 150,000). */
  mergeRequests?: number;
  log?: (line: string) => void;
  /** Rows per INSERT ... SELECT batch (default 50,000). */
  batchSize?: number;
  /** Show a progress bar on stderr (default: when stderr is a terminal). */
  progressBar?: boolean;
  now?: Date;
}

/**
 * Bulk-loads a benchmark data set in the public group `bench`: ~200 users, 16 groups, 50 projects,
 * labels, milestones, `epics` epics (default 100,000; a forest of depth ≤ 4), `issues` issues
 * (default 1,000,000) and `mergeRequests` merge requests (default 150,000), then iterations,
 * releases and award emoji (see large-extras.ts), with set-based `INSERT ... SELECT FROM generate_series` batches. Refuses
 * when `bench` exists. Ends with VACUUM (ANALYZE).
 */
export async function seedLarge(db: Database, options: SeedLargeOptions = {}): Promise<void> {
  const epics = options.epics ?? 100_000;
  const issues = options.issues ?? 1_000_000;
  const mergeRequests = options.mergeRequests ?? 150_000;
  const batchSize = options.batchSize ?? 50_000;
  const log = options.log ?? (() => {});
  for (const [name, value] of [
    ['epics', epics],
    ['issues', issues],
    ['mergeRequests', mergeRequests],
    ['batchSize', batchSize],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`seedLarge: ${name} must be a non-negative integer`);
  }
  const exists = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM namespaces WHERE parent_id IS NULL AND lower(path) = ${BENCH_GROUP_PATH}`.execute(
    db,
  );
  if ((exists.rows[0]?.n ?? 0) > 0) {
    throw new Error(`Large data already exists (group "${BENCH_GROUP_PATH}"); refusing to seed it twice.`);
  }
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const anchor = createClock(options.now).today;
  const world = await db.transaction().execute((trx) => seedLargeSetup(trx, anchor));
  log(
    `seed large: ${world.userIds.length} users, ${world.groupIds.length} groups, ${world.projectIds.length} projects (${elapsed()})`,
  );

  const showBar = options.progressBar ?? Boolean(process.stderr.isTTY);
  const bar = new cliProgress.SingleBar(
    {
      format: 'seed large [{bar}] {percentage}% | {value}/{total} rows | {phase} | {duration_formatted}',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  if (showBar) bar.start(epics + issues + mergeRequests, 0, { phase: 'epics' });
  let done = 0;
  const progress = (phase: string) => (rows: number) => {
    done += rows;
    if (showBar) bar.update(done, { phase });
  };
  const run = (total: number, phase: string): LargeRun => ({
    db,
    world,
    total,
    anchor,
    batchSize,
    progress: progress(phase),
  });
  try {
    await seedLargeEpics(run(epics, 'epics'));
    log(`seed large: ${epics} epics (${elapsed()})`);
    await seedLargeIssues(run(issues, 'issues'));
    log(`seed large: ${issues} issues (${elapsed()})`);
    await seedLargeMergeRequests(run(mergeRequests, 'merge requests'));
  } finally {
    if (showBar) bar.stop();
  }
  log(`seed large: ${mergeRequests} merge requests (${elapsed()})`);
  await seedLargeExtras(db, world, anchor);
  log(`seed large: iterations, releases, award emoji (${elapsed()})`);
  const long = await db
    .transaction()
    .execute((trx) =>
      seedLongIssue(trx, { projectId: world.projectIds[0]!, userIds: world.userIds.slice(0, 40), end: options.now }),
    );
  log(
    `seed large: a ${long.notes}-note issue (#${long.iid} of the first project; ${long.discussions} discussions, ${long.awards} award emoji) (${elapsed()})`,
  );
  await syncInternalIds(db);
  // VACUUM too, not only ANALYZE: a freshly loaded table has no visibility map, so every index-only
  // scan (capped counts, label and assignee semi-joins) would still read the heap until autovacuum ran.
  await sql`VACUUM (ANALYZE)`.execute(db);
  log(`seed large: done, vacuumed and analyzed (${elapsed()})`);
}
