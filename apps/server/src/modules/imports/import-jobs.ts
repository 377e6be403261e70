import type { KindCounters } from '@meridian/domain';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { insertAll } from '../../db/insert-rows';
import type { ImportJobsTable } from '../../db/schema';
import { publishChange } from '../../realtime/change-channel';

export type ImportJobRow = Selectable<ImportJobsTable>;
export type ImportKind =
  | 'csv_issues'
  | 'group_archive'
  | 'gitlab_direct_transfer'
  | 'redmine'
  | 'jira_csv'
  | 'jira_json'
  | 'source_user_reassignment';
export type Counters = Record<string, KindCounters>;

/** The columns shown about a job (everything but its source). */
export const JOB_COLUMNS = [
  'id',
  'kind',
  'project_id',
  'namespace_id',
  'state',
  'source_name',
  'counters',
  'error',
  'attempts',
  'created_by_id',
  'created_at',
  'started_at',
  'finished_at',
  'updated_at',
] as const;
export type ImportJobSummary = Pick<ImportJobRow, (typeof JOB_COLUMNS)[number]>;

/** A job's lease: a worker renews it with every batch; one older than this belongs to a dead process. */
export const LEASE_SECONDS = 60;
/** A job that failed this many runs (its process died each time) is given up. */
export const MAX_ATTEMPTS = 5;

export async function insertImportJob(
  db: Executor,
  job: { kind: ImportKind; createdById: number; sourceName: string } & (
    | { projectId: number; sourceText: string; sourceOptions?: unknown }
    | { namespaceId: number; sourceFile: string | null }
  ),
): Promise<ImportJobSummary> {
  const row = await db
    .insertInto('import_jobs')
    .values({
      kind: job.kind,
      created_by_id: job.createdById,
      source_name: job.sourceName,
      ...('projectId' in job
        ? {
            project_id: job.projectId,
            source_text: job.sourceText,
            ...(job.sourceOptions === undefined ? {} : { source_options: JSON.stringify(job.sourceOptions) }),
          }
        : { namespace_id: job.namespaceId, source_file: job.sourceFile }),
    })
    .returning([...JOB_COLUMNS])
    .executeTakeFirstOrThrow();
  await publishChange(db, 'ImportJob', row.id, 'updated');
  return row;
}

/**
 * Claims the oldest runnable job (or job `jobId`) for `workerId`: one not ended whose lease is free or ran out (its
 * process died). `FOR UPDATE SKIP LOCKED` lets every process claim at once without taking the same job;
 * the claim counts a run, and a job past `MAX_ATTEMPTS` runs is failed instead of run again.
 */
export async function claimImportJob(
  db: Executor,
  workerId: string,
  options: { leaseSeconds?: number; jobId?: number } = {},
): Promise<ImportJobRow | undefined> {
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const only = options.jobId === undefined ? sql`` : sql`AND id = ${options.jobId}`;
  const { rows } = await sql<ImportJobRow>`
    UPDATE import_jobs SET state = 'started', claimed_by = ${workerId}, heartbeat_at = now(),
      started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM import_jobs
      WHERE state IN ('created', 'started')
        AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${leaseSeconds})) ${only}
      ORDER BY id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  const job = rows[0];
  if (job && job.attempts > MAX_ATTEMPTS) {
    await endImportJob(db, job.id, workerId, 'failed', `The import stopped ${MAX_ATTEMPTS} times; it was given up.`);
    return claimImportJob(db, workerId, options);
  }
  return job;
}

/**
 * Renews `workerId`'s lease on the job inside a batch's transaction and stores its counters; false
 * when the worker no longer holds it (its lease ran out and another process took the job), and the
 * batch must then be rolled back.
 */
export async function renewLease(
  db: Executor,
  jobId: number,
  workerId: string,
  counters?: { set: Counters } | { added: Counters },
): Promise<boolean> {
  const row = await db
    .updateTable('import_jobs')
    .set({
      heartbeat_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
      ...(counters && 'set' in counters ? { counters: JSON.stringify(counters.set) } : {}),
      ...(counters && 'added' in counters ? { counters: countersPlus(counters.added) } : {}),
    })
    .where('id', '=', jobId)
    .where('claimed_by', '=', workerId)
    .where('state', '=', 'started')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The job's counters with a batch's added to them, in the statement itself: two batches written at once
 * each add theirs (the second waits for the first's row lock and adds to what it committed).
 */
function countersPlus(added: Counters) {
  return sql<string>`(SELECT coalesce(jsonb_object_agg(k, jsonb_build_object(
      'done', coalesce((import_jobs.counters -> k ->> 'done')::int, 0) + coalesce((a.v -> k ->> 'done')::int, 0),
      'skipped', coalesce((import_jobs.counters -> k ->> 'skipped')::int, 0) + coalesce((a.v -> k ->> 'skipped')::int, 0),
      'total', coalesce((import_jobs.counters -> k ->> 'total')::int, (a.v -> k ->> 'total')::int, 0))), '{}'::jsonb)
    FROM (SELECT ${JSON.stringify(added)}::jsonb AS v) a, jsonb_object_keys(import_jobs.counters || a.v) AS k)`;
}

/** Ends the job (finished, or failed with the error), dropping its source and lease; a progress event. */
export async function endImportJob(
  db: Executor,
  jobId: number,
  workerId: string,
  state: 'finished' | 'failed',
  error?: string,
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({
      state,
      error: error ? error.slice(0, 1000) : null,
      source_text: null,
      source_file: null,
      source_token: null,
      claimed_by: null,
      heartbeat_at: null,
      finished_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', jobId)
    .where('claimed_by', '=', workerId)
    .execute();
  await publishChange(db, 'ImportJob', jobId, 'updated');
}

/** Gives the job back (the worker is stopping between batches): another process may take it at once. */
export async function releaseImportJob(db: Executor, jobId: number, workerId: string): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ claimed_by: null, heartbeat_at: null, attempts: sql<number>`attempts - 1` })
    .where('id', '=', jobId)
    .where('claimed_by', '=', workerId)
    .where('state', '=', 'started')
    .execute();
}

/** Of `sourceIds` (one kind), those the job has already created or skipped: a re-run passes over them. */
export async function handledSourceIds(
  db: Executor,
  jobId: number,
  kind: string,
  sourceIds: string[],
): Promise<Set<string>> {
  if (sourceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('import_job_items')
    .select('source_id')
    .where('job_id', '=', jobId)
    .where('kind', '=', kind)
    .where('source_id', 'in', sourceIds)
    .unionAll(
      db
        .selectFrom('import_job_skips')
        .select('source_id')
        .where('job_id', '=', jobId)
        .where('kind', '=', kind)
        .where('source_id', 'in', sourceIds),
    )
    .execute();
  return new Set(rows.map((r) => r.source_id));
}

/**
 * A batch's outcomes, in two statements: the keys of what it created and the report of what it skipped
 * (`insertAll`: a batch's thousand keys go as one JSON parameter).
 */
export async function recordOutcomes(
  db: Executor,
  jobId: number,
  items: Array<{ kind: string; sourceId: string }>,
  outcomes: Array<{ created: number } | { skipped: string }>,
) {
  const created: Array<{ job_id: number; kind: string; source_id: string; target_id: number }> = [];
  const skipped: Array<{ job_id: number; kind: string; source_id: string; reason: string }> = [];
  items.forEach((item, i) => {
    const outcome = outcomes[i];
    if (!outcome) return;
    const key = { job_id: jobId, kind: item.kind, source_id: item.sourceId };
    if ('created' in outcome) created.push({ ...key, target_id: outcome.created });
    else skipped.push({ ...key, reason: outcome.skipped.slice(0, 1000) });
  });
  await insertAll(db, 'import_job_items', created);
  await insertAll(db, 'import_job_skips', skipped);
}
