/** Percentile of a sample by nearest rank (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Runs `sample` up to `count` times and stops early once `maxMs` have passed (after at least
 * `minCount` runs), so a slow machine cannot stretch a loop without end; answers the samples.
 */
export async function sampleBounded(
  sample: () => Promise<number>,
  { count, maxMs, minCount = 3 }: { count: number; maxMs: number; minCount?: number },
): Promise<number[]> {
  const started = performance.now();
  const samples: number[] = [];
  while (samples.length < count) {
    if (samples.length >= minCount && performance.now() - started > maxMs) break;
    samples.push(await sample());
  }
  return samples;
}
