import type { ProgressTracking } from './types';

/** Open and closed descendant issues, counted or weighed. */
export interface IssueTally {
  openedIssues: number;
  closedIssues: number;
}

/** Rounded closed / (opened + closed) in percent; 0 when the total is 0 (RF §9). Missing values count as 0. */
export function progressPercent(opened: number | null | undefined, closed: number | null | undefined): number {
  const o = Number.isFinite(opened) ? (opened as number) : 0;
  const c = Number.isFinite(closed) ? (closed as number) : 0;
  const total = o + c;
  return total > 0 ? Math.round((c / total) * 100) : 0;
}

/** An epic's progress by issue weight (WEIGHT) or issue count (COUNT). */
export function epicProgress(
  epic: { descendantCounts?: IssueTally | null; descendantWeightSum?: IssueTally | null },
  mode: ProgressTracking,
): { percent: number; opened: number; closed: number } {
  const tally = mode === 'COUNT' ? epic.descendantCounts : epic.descendantWeightSum;
  const opened = tally?.openedIssues ?? 0;
  const closed = tally?.closedIssues ?? 0;
  return { percent: progressPercent(opened, closed), opened, closed };
}
