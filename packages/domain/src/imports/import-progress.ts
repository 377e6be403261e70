/** One item kind's counters in an import job: created, skipped (reported), and how many the source holds. */
export interface KindCounters {
  done: number;
  skipped: number;
  total: number;
}

/** An import's progress as shown: the items handled of all kinds, the rate and the time left. */
export interface ImportProgress {
  /** Items handled (created or skipped) of all kinds, and how many there are. */
  processed: number;
  total: number;
  /** 0–100, whole; 100 once nothing is left (an empty source included). */
  percent: number;
  /** Items handled per second since the job started; null before a whole second has passed or an item was handled. */
  ratePerSecond: number | null;
  /** Seconds left at that rate, rounded up; 0 when done; null while there is no rate. */
  secondsLeft: number | null;
}

/**
 * The progress of a job that started at `startedAtMs` (null: not started), at `nowMs`. The rate is the
 * average since the start, which a resumed job keeps counting from its first start: steadier than the
 * last batch's, and the same in every process that computes it from the stored row.
 */
export function importProgress(
  counters: Readonly<Record<string, KindCounters>>,
  startedAtMs: number | null,
  nowMs: number,
): ImportProgress {
  let processed = 0;
  let total = 0;
  for (const kind of Object.values(counters)) {
    processed += kind.done + kind.skipped;
    total += kind.total;
  }
  processed = Math.min(processed, total);
  const left = total - processed;
  const percent = total === 0 ? 100 : Math.floor((processed / total) * 100);
  const elapsed = startedAtMs === null ? 0 : (nowMs - startedAtMs) / 1000;
  const ratePerSecond = elapsed >= 1 && processed > 0 ? processed / elapsed : null;
  let secondsLeft: number | null = null;
  if (left === 0) secondsLeft = 0;
  else if (ratePerSecond !== null) secondsLeft = Math.ceil(left / ratePerSecond);
  return { processed, total, percent, ratePerSecond, secondsLeft };
}

/** A duration for a progress line: `45s`, `3m 05s`, `2h 07m`; `—` when unknown. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}
