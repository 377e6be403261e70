/** The epics module's face: all that code outside it may import (modules/README.md). */

export { assignChildEpic, unassignChildEpic } from './epic-children.service';
export { childEpicCounts, childEpicPages } from './epic-children-page';
export { epicIdsDatedBy, refreshEpicDates } from './epic-dates.service';
export { defaultProjectForIssueCreation } from './epic-default-project';
export { descendantCounts, type EpicDescendantCounts, ZERO_DESCENDANT_COUNTS } from './epic-descendant-counts';
export type { EpicFilters, EpicOrderBy } from './epic-filters';
export { epicCreateParams, epicUpdateParams } from './epic-params';
export { type EpicRow, epicConditions, epicRowsByIds, epicSelect, epicsOfIssues, epicVisible } from './epic-query';
export {
  ancestorPaths,
  epicParticipants,
  pendingEpicTodos,
  readableMilestones,
  subscribedEpics,
} from './epic-sidebar.service';
export { reorderEpicTree, type TreeNode } from './epic-tree-reorder.service';
export { epicsWithReadableIssues, readableAncestors, readableOpenBlockers } from './epic-tree-stats.service';
export {
  assertMayCreateEpic,
  createEpic,
  deleteEpic,
  type EpicInput,
  insertEpic,
  updateEpic,
} from './epic-write.service';
export { countEpics, epicSubject, findEpic, findEpicById, listEpics } from './epics.service';
export { setIssueEpic } from './issues/epic-issues.service';
export { type EpicIssueTreeRow, epicIssueCounts, epicIssuePages } from './issues/epic-issues-page';
