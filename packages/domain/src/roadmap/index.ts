export { applyBarEdit, cellsToUnits, shiftDate, unitOf } from './bar-edit';
export { barGeometry, isWithinTimeframe } from './bar-geometry';
export { timeframeHeaderItems, todayMarker } from './header';
export { filterRoadmapMilestones, milestoneTypeText, type RoadmapMilestoneLike } from './milestones';
export { epicProgress, type IssueTally, progressPercent } from './progress';
export {
  parseRoadmapDisplaySettings,
  type RoadmapDisplaySettings,
  withIncludeSubepics,
  withLabelFilter,
} from './roadmap-params';
export {
  buildTimeframe,
  defaultPresetFor,
  parsePresetType,
  parseTimeframeRangeType,
  presetsFor,
  weekStartFrom,
} from './timeframe';
export { formatRoadmapDate, timeframeText } from './timeframe-text';
export type * from './types';
