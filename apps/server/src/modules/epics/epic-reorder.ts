import { positionBetween, rebalancedPositions } from '@meridian/domain/ordering/relative-position';
import { badRequest } from '../../errors';

export interface Positioned {
  id: number;
  relative_position: number | null;
}

/**
 * Where to put item `movedId` in the ordered list `items` (current order, may include it):
 * right after `moveBeforeId` (the item that ends up above it) and/or right before `moveAfterId`
 * (the item that ends up below it), as GitLab's move_before_id / move_after_id. Returns the
 * position updates to write: one row normally, every row when the list needs a rebalance.
 */
export function planMove(
  items: readonly Positioned[],
  movedId: number,
  moveBeforeId: number | undefined,
  moveAfterId: number | undefined,
): Array<{ id: number; position: number }> {
  const others = items.filter((i) => i.id !== movedId);
  let index: number;
  if (moveBeforeId !== undefined) {
    const at = others.findIndex((i) => i.id === moveBeforeId);
    if (at < 0) throw badRequest('move_before_id is invalid', 'move_before_id');
    index = at + 1;
    if (moveAfterId !== undefined && others[index]?.id !== moveAfterId) {
      const after = others.findIndex((i) => i.id === moveAfterId);
      if (after < 0) throw badRequest('move_after_id is invalid', 'move_after_id');
    }
  } else if (moveAfterId !== undefined) {
    const at = others.findIndex((i) => i.id === moveAfterId);
    if (at < 0) throw badRequest('move_after_id is invalid', 'move_after_id');
    index = at;
  } else {
    throw badRequest('move_before_id or move_after_id is missing', 'move_before_id');
  }
  const above = others[index - 1]?.relative_position ?? null;
  const below = others[index]?.relative_position ?? null;
  const neighboursPositioned =
    (index === 0 || above !== null) &&
    (index === others.length || below !== null) &&
    (above === null || below === null || above < below);
  if (neighboursPositioned) {
    const result = positionBetween(above, below);
    if (!result.rebalance) return [{ id: movedId, position: result.position }];
  }
  const ordered = [...others.slice(0, index).map((i) => i.id), movedId, ...others.slice(index).map((i) => i.id)];
  const positions = rebalancedPositions(ordered.length);
  return ordered.map((id, i) => ({ id, position: positions[i] as number }));
}

/** Position for appending after the last positioned item. */
export function positionAfterLast(items: readonly Positioned[]): number {
  let max: number | null = null;
  for (const i of items)
    if (i.relative_position !== null && (max === null || i.relative_position > max)) max = i.relative_position;
  const r = positionBetween(max, null);
  return r.rebalance ? (max ?? 0) : r.position;
}
