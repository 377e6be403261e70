/** The issues module's face: all that code outside it may import (modules/README.md). */
export { issueCsvExport } from './issue-csv';
export { loadIssueDetails } from './issue-details';
export { createNoteEmail } from './issue-email';
export type { IssueFilters, IssueOrderBy } from './issue-filters';
export { parseCreateIssue, parseUpdateIssue } from './issue-input';
export { moveIssue } from './issue-move.service';
export { parseIssueFilters } from './issue-params';
export { promoteIssueToEpic } from './issue-promotion.service';
export { createIssue, deleteIssue, type IssueInput, setIssueDiscussionLock, updateIssue } from './issue-write.service';
export { presentIssue } from './issues.presenter';
export {
  countIssues,
  findIssue,
  findReadableIssueById,
  findReadableIssuesByIds,
  issueSubject,
  issueSubjectOf,
  listIssues,
  projectIssueSubject,
} from './issues.service';
export { type IssueRow, issueQuery, issueVisibility } from './issues-query';
