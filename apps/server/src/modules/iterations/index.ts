/** The iterations module's face: all that code outside it may import (modules/README.md). */
export { cadenceSchedule } from './cadence-schedule';
export { iterationState } from './iteration-state';
export {
  type IterationFilters,
  type IterationListRow,
  type IterationStateFilter,
  listIterations,
  readableIterationsByIds,
  suggestIterations,
} from './iterations-list.service';
