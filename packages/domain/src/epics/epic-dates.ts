/**
 * Epic start and due dates (GitLab's "inherited" / "fixed" dates).
 *
 * - An epic's INHERITED start date is the earliest start among the milestones of its issues and the
 *   effective start dates of its child epics; the inherited due date is the latest due date among the
 *   same sources. The source (milestone or child epic) that supplied each date is recorded.
 * - Its EFFECTIVE date is the fixed date when `*IsFixed`, otherwise the inherited one.
 *
 * Ties are broken deterministically: milestones before epics, then the lowest id.
 *
 * Example: milestones M1 (2024-01-10 → 2024-02-01) and child epic E7 (2023-12-01 → 2024-01-15) give
 * start 2023-12-01 (from epic 7) and due 2024-02-01 (from milestone 1).
 */
export interface EpicDateSource {
  id: number;
  startDate: string | null;
  dueDate: string | null;
}

export interface InheritedEpicDates {
  startDate: string | null;
  startDateSourcingMilestoneId: number | null;
  startDateSourcingEpicId: number | null;
  dueDate: string | null;
  dueDateSourcingMilestoneId: number | null;
  dueDateSourcingEpicId: number | null;
}

export interface FixedEpicDates {
  startDateIsFixed: boolean;
  startDateFixed: string | null;
  dueDateIsFixed: boolean;
  dueDateFixed: string | null;
}

interface Candidate {
  date: string;
  kind: 'milestone' | 'epic';
  id: number;
}

/** true when `a` should win over `b` (dates are 'YYYY-MM-DD', so string order is date order). */
function better(a: Candidate, b: Candidate, earliest: boolean): boolean {
  if (a.date !== b.date) return earliest ? a.date < b.date : a.date > b.date;
  if (a.kind !== b.kind) return a.kind === 'milestone';
  return a.id < b.id;
}

function pick(
  milestones: readonly EpicDateSource[],
  childEpics: readonly EpicDateSource[],
  field: 'startDate' | 'dueDate',
  earliest: boolean,
): Candidate | null {
  let best: Candidate | null = null;
  const consider = (sources: readonly EpicDateSource[], kind: Candidate['kind']) => {
    for (const s of sources) {
      const date = s[field];
      if (!date) continue;
      const c: Candidate = { date, kind, id: s.id };
      if (!best || better(c, best, earliest)) best = c;
    }
  };
  consider(milestones, 'milestone');
  consider(childEpics, 'epic');
  return best;
}

/** The inherited dates and their sources, from the issues' milestones and the child epics' effective dates. */
export function inheritedEpicDates(
  milestones: readonly EpicDateSource[],
  childEpics: readonly EpicDateSource[],
): InheritedEpicDates {
  const start = pick(milestones, childEpics, 'startDate', true);
  const due = pick(milestones, childEpics, 'dueDate', false);
  return {
    startDate: start?.date ?? null,
    startDateSourcingMilestoneId: start?.kind === 'milestone' ? start.id : null,
    startDateSourcingEpicId: start?.kind === 'epic' ? start.id : null,
    dueDate: due?.date ?? null,
    dueDateSourcingMilestoneId: due?.kind === 'milestone' ? due.id : null,
    dueDateSourcingEpicId: due?.kind === 'epic' ? due.id : null,
  };
}

/** Effective dates: fixed when `*IsFixed`, else inherited. */
export function effectiveEpicDates(
  fixed: FixedEpicDates,
  inherited: Pick<InheritedEpicDates, 'startDate' | 'dueDate'>,
): { startDate: string | null; dueDate: string | null } {
  return {
    startDate: fixed.startDateIsFixed ? fixed.startDateFixed : inherited.startDate,
    dueDate: fixed.dueDateIsFixed ? fixed.dueDateFixed : inherited.dueDate,
  };
}
