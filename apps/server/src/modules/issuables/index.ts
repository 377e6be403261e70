/** The issuables module's face: all that code outside it may import (modules/README.md). */
export { destroyConfirmed, parseDestroyForm, requireDestroyConfirmation } from './destroy-confirmation';
export { IMPORT_SOURCES, type ImportSource, presentImported } from './imported-from';
export {
  type IssuableOrder,
  issuableBatches,
  type OrderKeyType,
  orderKeyColumns,
} from './issuable-batches';
export { issuableCountColumns, issuableCountCtes } from './issuable-counts-sql';
export {
  emptyIssuableDetails,
  groupByKey,
  type IssuableCounts,
  type IssuableDetails,
  type UserRow,
  uniqueIds,
} from './issuable-details';
export { type IssuableFilterTarget, issuableFilterConditions, labelSql, userIdByName } from './issuable-filter-sql';
export type { IssuableFilters, Wildcard } from './issuable-filters';
export { foldAssigneeId, idList, nullableId } from './issuable-input';
export { type IssuableLister, issuableListReads } from './issuable-list-reads';
export { isNotNullOrder, issuableOrderBy, listScopeCondition, milestoneDueDate, upvoteCount } from './issuable-order';
export {
  iso,
  issuableHeadAfterId,
  type PresentIssuableOptions,
  presentMilestone,
  projectFullPath,
  taskCompletionStatus,
} from './issuable-presenter';
export {
  listPageOf,
  registerIssuableCsvExports,
  registerScopedListRoutes,
  setListPageHeaders,
} from './issuable-rest';
export {
  allOf,
  type IssuableProjectColumns,
  type IssuableSource,
  issuableProjectColumns,
  issuesWithProject,
  mergeRequestsWithProject,
} from './issuable-source';
export {
  editStamp,
  findOrCreateLabelIds,
  textEditStamp,
  validAssignees,
  validIteration,
  validLabelIds,
  validMilestone,
} from './issuable-write';
export { countIssuables, type IssuableListResult, type IssuableListScope, listIssuables } from './list-issuables';
export {
  idChanges,
  issueAssigneesByUsername,
  labelIdsOf,
  labelsByOwner,
  linkLabels,
  unlinkLabels,
  usersByOwner,
} from './owner-links';
