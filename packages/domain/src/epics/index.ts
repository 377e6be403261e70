export {
  type EpicDateSource,
  effectiveEpicDates,
  type FixedEpicDates,
  type InheritedEpicDates,
  inheritedEpicDates,
} from './epic-dates';
export { type ChildDueCount, type RollupDrift, rollupDrift } from './rollup-drift';
