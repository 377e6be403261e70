export {
  type EpicDateSource,
  effectiveEpicDates,
  type FixedEpicDates,
  type InheritedEpicDates,
  inheritedEpicDates,
} from './epic-dates';
export { humanReadableDate, remainingTimeText } from './epic-remaining-time';
export { type ChildDueCount, type RollupDrift, rollupDrift } from './rollup-drift';
export {
  addFailureMessage,
  EPIC_TOO_DEEP_MESSAGE,
  RECENT_PROJECTS_MAX,
  recentProjectsUnder,
  referencesToSubmit,
  splitReferenceInput,
  type TreeItemType,
  treeFormHeading,
  treeTitlePlaceholder,
} from './tree-add';
