import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Metric } from './metric';

/** One recorded run: its figures by metric id. */
export interface RecordedRun {
  date: string;
  commit: string;
  metrics: Record<string, number>;
}

/**
 * The committed figures of the last recorded run (bench/report/last-run.json). A subset run
 * (`--only`) records only its figures, so the file may hold a run per subset; each metric is in one.
 */
export interface LastRun {
  runs: RecordedRun[];
}

export const LAST_RUN_FILE = new URL('../../report/last-run.json', import.meta.url);

export function readLastRun(): LastRun {
  if (!existsSync(LAST_RUN_FILE)) return { runs: [] };
  return JSON.parse(readFileSync(LAST_RUN_FILE, 'utf8')) as LastRun;
}

/** Each metric's last recorded figure. */
export function lastFigures(last: LastRun): Map<string, number> {
  return new Map(last.runs.flatMap((run) => Object.entries(run.metrics)));
}

/** Writes this run's figures in place of the recorded ones; figures a subset run did not measure stay. */
export function recordRun(last: LastRun, metrics: Metric[], run: { date: string; commit: string }): void {
  const measured = new Set(metrics.map((m) => m.id));
  const older = last.runs
    .map((r) => ({ ...r, metrics: Object.fromEntries(Object.entries(r.metrics).filter(([id]) => !measured.has(id))) }))
    .filter((r) => Object.keys(r.metrics).length > 0);
  const current: RecordedRun = { ...run, metrics: Object.fromEntries(metrics.map((m) => [m.id, m.value])) };
  writeFileSync(LAST_RUN_FILE, `${JSON.stringify({ runs: [...older, current] }, null, 2)}\n`);
}
