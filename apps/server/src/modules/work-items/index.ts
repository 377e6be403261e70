/** The work-items module's face: all that code outside it may import (modules/README.md). */
export { issueParentIds } from './issue-parent-links';
export { assertParentLinkConfidentiality } from './parent-link-confidentiality';
export {
  baseTypeOf,
  findReadableWorkItemByGid,
  findReadableWorkItemByIid,
  type WorkItem,
  workItemId,
  workItemRowOf,
} from './work-item';
export { listWorkItemChildren } from './work-item-children';
export { type ChildStat, epicIssueStats, issueChildStats } from './work-item-stats';
export {
  createWorkItem,
  deleteWorkItem,
  reloadWorkItem,
  updateWorkItem,
  type WorkItemNamespace,
} from './work-item-write.service';
