import { importProgress } from '@meridian/domain';
import type { Counters, ImportJobSummary } from './import-jobs';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An import job as the web's progress bar and the CLI read it: state, counters per kind, rate and time left. */
export function presentImportJob(job: ImportJobSummary, now: Date = new Date()) {
  const counters = (job.counters ?? {}) as Counters;
  const progress = importProgress(counters, job.started_at ? job.started_at.getTime() : null, now.getTime());
  return {
    id: job.id,
    kind: job.kind,
    project_id: job.project_id,
    namespace_id: job.namespace_id,
    state: job.state,
    source_name: job.source_name,
    counters,
    processed: progress.processed,
    total: progress.total,
    percent: job.state === 'finished' ? 100 : progress.percent,
    rate_per_second: progress.ratePerSecond === null ? null : Math.round(progress.ratePerSecond * 100) / 100,
    seconds_left: job.state === 'finished' ? 0 : progress.secondsLeft,
    error: job.error,
    created_at: job.created_at.toISOString(),
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
  };
}

/** One row of the skipped report. */
export function presentSkip(row: { kind: string; source_id: string; reason: string }) {
  return { kind: row.kind, source_id: row.source_id, reason: row.reason };
}
