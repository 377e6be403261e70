import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Metric } from './metric';

/** The committed figures of the last recorded run (bench/report/last-run.json). */
export interface LastRun {
  /** When each figure was recorded and on which commit (a subset run records only its rows). */
  runs: Record<string, { date: string; commit: string }>;
  metrics: Record<string, { value: number; run: string }>;
}

export const LAST_RUN_FILE = new URL('../../report/last-run.json', import.meta.url);

export function readLastRun(): LastRun {
  if (!existsSync(LAST_RUN_FILE)) return { runs: {}, metrics: {} };
  return JSON.parse(readFileSync(LAST_RUN_FILE, 'utf8')) as LastRun;
}

/**
 * Overwrites the recorded figure of every metric of this run, keeping those a subset run did not
 * measure, and drops runs no figure refers to any more.
 */
export function recordRun(last: LastRun, metrics: Metric[], run: { date: string; commit: string }): LastRun {
  const key = `${run.date} ${run.commit}`;
  const next: LastRun = { runs: { ...last.runs, [key]: run }, metrics: { ...last.metrics } };
  for (const m of metrics) next.metrics[m.id] = { value: m.value, run: key };
  const used = new Set(Object.values(next.metrics).map((m) => m.run));
  for (const k of Object.keys(next.runs)) if (!used.has(k)) delete next.runs[k];
  writeFileSync(LAST_RUN_FILE, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
