/**
 * GitLab-style relative positioning for reorderable lists (issues on boards, epic children, …).
 * Items carry an integer `relative_position`; moving an item puts it half-way between its new
 * neighbours. When two neighbours are adjacent integers there is no room left and the list
 * needs a rebalance (re-spreading every position with an even gap).
 *
 * Pure: callers read neighbours, call these, and write the result.
 */

import { MAX_INT4, MIN_INT4 } from '../ids/int4';

/** Bounds of a PostgreSQL `integer` column. */
export const MIN_POSITION = MIN_INT4;
export const MAX_POSITION = MAX_INT4;
/** The first item of an empty list sits in the middle of the range. */
export const START_POSITION = 0;
/** Gap left between items when appending at an end or rebalancing. */
export const IDEAL_DISTANCE = 1_024;

export type PositionResult = { position: number; rebalance: false } | { position: null; rebalance: true };

const ok = (position: number): PositionResult => ({ position, rebalance: false });
const REBALANCE: PositionResult = { position: null, rebalance: true };

/**
 * The position for an item placed between `before` (the item above, or null at the top) and
 * `after` (the item below, or null at the bottom). Neighbour positions may be null (never
 * positioned): null neighbours are treated as absent.
 *
 * positionBetween(null, null) → 0; positionBetween(100, null) → 1124; positionBetween(null, 100) → -924;
 * positionBetween(100, 200) → 150; positionBetween(100, 101) → rebalance.
 */
export function positionBetween(before: number | null, after: number | null): PositionResult {
  if (before === null && after === null) return ok(START_POSITION);
  if (before !== null && after === null) {
    const gap = Math.min(IDEAL_DISTANCE, Math.floor((MAX_POSITION - before) / 2));
    return gap < 1 ? REBALANCE : ok(before + gap);
  }
  if (before === null && after !== null) {
    const gap = Math.min(IDEAL_DISTANCE, Math.floor((after - MIN_POSITION) / 2));
    return gap < 1 ? REBALANCE : ok(after - gap);
  }
  const lo = Math.min(before as number, after as number);
  const hi = Math.max(before as number, after as number);
  if (hi - lo < 2) return REBALANCE;
  return ok(lo + Math.floor((hi - lo) / 2));
}

/** Position for appending after the current last item (null when the list is empty). */
export function positionAtEnd(last: number | null): PositionResult {
  return positionBetween(last, null);
}

/** Position for prepending before the current first item (null when the list is empty). */
export function positionAtStart(first: number | null): PositionResult {
  return positionBetween(null, first);
}

/**
 * Evenly spread positions for `count` items in their current order, centred on START_POSITION
 * with IDEAL_DISTANCE between them (shrinking the gap if the list is very long).
 *
 * rebalancedPositions(3) → [-1024, 0, 1024]
 */
export function rebalancedPositions(count: number): number[] {
  if (count <= 0) return [];
  const span = MAX_POSITION - MIN_POSITION;
  const gap = Math.max(1, Math.min(IDEAL_DISTANCE, Math.floor(span / (count + 1))));
  const start = START_POSITION - Math.floor(((count - 1) * gap) / 2);
  return Array.from({ length: count }, (_, i) => start + i * gap);
}

/** True when the sorted positions leave no integer gap somewhere (a move there would fail). */
export function needsRebalance(sortedPositions: readonly number[]): boolean {
  for (let i = 1; i < sortedPositions.length; i += 1) {
    if ((sortedPositions[i] as number) - (sortedPositions[i - 1] as number) < 2) return true;
  }
  return false;
}
