/** `/iteration --current` or `--next`: which iteration of a cadence, by today's date. */
export type IterationPeriod = 'current' | 'next';

export interface DatedIteration {
  id: number;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'YYYY-MM-DD', inclusive. */
  dueDate: string;
}

/**
 * The cadence's iteration for `period` on `today` ('YYYY-MM-DD'): `current` is the one whose dates
 * hold today (the earliest-starting one should they overlap); `next` is the first to start after
 * today. null when there is none (a gap between iterations, or none planned yet). ISO dates compare
 * as text.
 */
export function iterationInPeriod<T extends DatedIteration>(
  iterations: readonly T[],
  today: string,
  period: IterationPeriod,
): T | null {
  const byStart = [...iterations].sort((a, b) =>
    a.startDate === b.startDate ? a.id - b.id : a.startDate < b.startDate ? -1 : 1,
  );
  if (period === 'current') return byStart.find((it) => it.startDate <= today && today <= it.dueDate) ?? null;
  return byStart.find((it) => it.startDate > today) ?? null;
}
