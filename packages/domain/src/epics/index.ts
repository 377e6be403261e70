export {
  type EpicDateSource,
  effectiveEpicDates,
  type FixedEpicDates,
  type InheritedEpicDates,
  inheritedEpicDates,
} from './epic-dates';
export { humanReadableDate, remainingTimeText } from './epic-remaining-time';
