import { addDays } from '@meridian/domain';

/** GitLab's iteration states, derived from dates, and their numeric codes in the REST API. */
export type IterationState = 'upcoming' | 'current' | 'closed';
export const iterationStateCode: Record<IterationState, number> = { upcoming: 1, current: 2, closed: 3 };

/**
 * upcoming when it starts after today, closed when it ended before today, otherwise current.
 * Dates are 'YYYY-MM-DD' strings, compared as text.
 */
export function iterationState(startDate: string, dueDate: string, today: string): IterationState {
  if (startDate > today) return 'upcoming';
  if (dueDate < today) return 'closed';
  return 'current';
}

/**
 * The iterations an automatic cadence should have: back-to-back periods of `weeks` weeks from
 * `start`, through the current one and `inAdvance` upcoming ones (at most `cap` in all).
 */
export function plannedIterations(
  start: string,
  weeks: number,
  inAdvance: number,
  today: string,
  cap = 150,
): { startDate: string; dueDate: string }[] {
  const out: { startDate: string; dueDate: string }[] = [];
  let upcoming = 0;
  let from = start;
  while (out.length < cap) {
    const due = addDays(from, weeks * 7 - 1);
    if (from > today) {
      if (upcoming >= inAdvance) break;
      upcoming += 1;
    }
    out.push({ startDate: from, dueDate: due });
    from = addDays(due, 1);
  }
  return out;
}
