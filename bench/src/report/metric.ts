/** One row of `npm run bench:report`: a figure of this run and the target it is held to. */
export interface Metric {
  /** Stable key in last-run.json. */
  id: string;
  /** What was measured, as the table shows it. */
  name: string;
  value: number;
  unit: 'ms' | 'KB' | 'MiB' | 'epics';
  /** Upper bound the figure should stay within (same unit), when the issue sets one. */
  max?: number;
  /** Exact value the figure should have (a count), when the issue sets one. */
  equals?: number;
}

export function withinTarget(m: Metric): boolean | undefined {
  if (m.max !== undefined) return m.value <= m.max;
  if (m.equals !== undefined) return m.value === m.equals;
  return undefined;
}
