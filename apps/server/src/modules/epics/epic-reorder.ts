import { type Positioned, planMove } from '@meridian/domain';
import { badRequest } from '../../errors';

export { type Positioned, positionAfterLast } from '@meridian/domain';

/** The position updates of a move_before_id / move_after_id move (domain planMove), or a 400 naming the field. */
export function movePositions<K extends number | string = number>(
  items: readonly Positioned<K>[],
  movedId: K,
  moveBeforeId: K | undefined,
  moveAfterId: K | undefined,
): Array<{ id: K; position: number }> {
  const plan = planMove(items, movedId, moveBeforeId, moveAfterId);
  if ('updates' in plan) return plan.updates;
  const { field, reason } = plan.invalid;
  throw reason === 'missing'
    ? badRequest('move_before_id or move_after_id is missing', field)
    : badRequest(`${field} is invalid`, field);
}
