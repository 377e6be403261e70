import type { CadenceRow } from './iterations.service';

/**
 * A cadence's scheduling settings under GitLab's names, as its REST entity and the group export's
 * record both carry them.
 */
export function cadenceSchedule(c: CadenceRow) {
  return {
    automatic: c.automatic,
    active: c.active,
    roll_over: c.roll_over,
    start_date: c.start_date,
    duration_in_weeks: c.duration_in_weeks,
    iterations_in_advance: c.iterations_in_advance,
  };
}
