export { type InvalidMove, type MovePlan, type Positioned, planMove, positionAfterLast } from './plan-move';
export {
  IDEAL_DISTANCE,
  MAX_POSITION,
  MIN_POSITION,
  needsRebalance,
  type PositionResult,
  positionAtEnd,
  positionAtStart,
  positionBetween,
  rebalancedPositions,
  START_POSITION,
} from './relative-position';
