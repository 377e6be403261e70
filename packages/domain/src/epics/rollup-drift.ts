/** How many open children end on one day (the server groups its children's due dates). */
export interface ChildDueCount {
  /** YYYY-MM-DD */
  dueDate: string;
  count: number;
}

export interface RollupDrift {
  /** The latest due date of the open children; null when none has one. */
  latestChildDueDate: string | null;
  /** How many open children end after the epic's planned due date (0 when the epic has none). */
  childrenAfterDue: number;
  /** Children end after the epic: the header flags it. */
  drifting: boolean;
}

/**
 * Compares an epic's planned due date with the due dates of its open children (issue 13, "rollup
 * drift"). ISO dates compare as strings. Without a planned due date nothing can drift.
 */
export function rollupDrift(plannedDue: string | null, children: readonly ChildDueCount[]): RollupDrift {
  let latest: string | null = null;
  let after = 0;
  for (const child of children) {
    if (latest === null || child.dueDate > latest) latest = child.dueDate;
    if (plannedDue !== null && child.dueDate > plannedDue) after += child.count;
  }
  return { latestChildDueDate: latest, childrenAfterDue: after, drifting: after > 0 };
}
