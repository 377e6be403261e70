import { positionBetween, rebalancedPositions } from './relative-position';

/** An item of an ordered list; `id` is a number, or a key when the list mixes tables (the epic tree). */
export interface Positioned<K extends number | string = number> {
  id: K;
  relative_position: number | null;
}

/** A move the list cannot make: the neighbour named by `field` is not in it, or no neighbour is named. */
export interface InvalidMove {
  field: 'move_before_id' | 'move_after_id';
  reason: 'not_in_list' | 'missing';
}

export type MovePlan<K extends number | string = number> =
  | { updates: Array<{ id: K; position: number }> }
  | { invalid: InvalidMove };

/**
 * Where to put item `movedId` in the ordered list `items` (current order, may include it):
 * right after `moveBeforeId` (the item that ends up above it) and/or right before `moveAfterId`
 * (the item that ends up below it), as GitLab's move_before_id / move_after_id. The plan is the
 * position updates to write: one row normally, every row when the list needs a rebalance.
 */
export function planMove<K extends number | string = number>(
  items: readonly Positioned<K>[],
  movedId: K,
  moveBeforeId: K | undefined,
  moveAfterId: K | undefined,
): MovePlan<K> {
  const others = items.filter((i) => i.id !== movedId);
  const indexOf = (id: K) => others.findIndex((i) => i.id === id);
  let index: number;
  if (moveBeforeId !== undefined) {
    const at = indexOf(moveBeforeId);
    if (at < 0) return { invalid: { field: 'move_before_id', reason: 'not_in_list' } };
    index = at + 1;
    if (moveAfterId !== undefined && others[index]?.id !== moveAfterId && indexOf(moveAfterId) < 0)
      return { invalid: { field: 'move_after_id', reason: 'not_in_list' } };
  } else if (moveAfterId !== undefined) {
    index = indexOf(moveAfterId);
    if (index < 0) return { invalid: { field: 'move_after_id', reason: 'not_in_list' } };
  } else {
    return { invalid: { field: 'move_before_id', reason: 'missing' } };
  }
  const above = others[index - 1]?.relative_position ?? null;
  const below = others[index]?.relative_position ?? null;
  const neighboursPositioned =
    (index === 0 || above !== null) &&
    (index === others.length || below !== null) &&
    (above === null || below === null || above < below);
  if (neighboursPositioned) {
    const result = positionBetween(above, below);
    if (!result.rebalance) return { updates: [{ id: movedId, position: result.position }] };
  }
  const ordered = [...others.slice(0, index).map((i) => i.id), movedId, ...others.slice(index).map((i) => i.id)];
  const positions = rebalancedPositions(ordered.length);
  return { updates: ordered.map((id, i) => ({ id, position: positions[i] as number })) };
}

/** Position for appending after the last positioned item. */
export function positionAfterLast(items: readonly Positioned<number | string>[]): number {
  let max: number | null = null;
  for (const i of items)
    if (i.relative_position !== null && (max === null || i.relative_position > max)) max = i.relative_position;
  const r = positionBetween(max, null);
  return r.rebalance ? (max ?? 0) : r.position;
}
