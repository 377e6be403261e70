/** The imports module's face: all that code outside it may import (modules/README.md). */

export { bulkImportSchema } from './direct-transfer/bulk-import-params';
export { startBulkImport } from './direct-transfer/bulk-imports.service';
export { startGroupImport } from './group-archive/group-import.service';
export { presentImportJob } from './import-job.presenter';
export { claimImportJob, type ImportJobSummary, LEASE_SECONDS } from './import-jobs';
export { importWriters, type RunResult, runClaimedJob } from './import-runner';
export { type ImportWorker, newWorkerId, startImportWorker } from './import-worker';
export type { Importer, ImportSource, ItemOutcome, SourceItem } from './importer';
export { importerOf } from './importers';
export {
  CSV_IMPORT_STARTED,
  findImportJob,
  listImportJobSkips,
  readImportJob,
  startCsvImport,
} from './imports.service';
export { parseJiraConnection } from './jira/jira-connection-params';
export { JIRA_IMPORT_STARTED, startJiraImport } from './jira/jira-import.service';
export { parseMapping as parseJiraMapping } from './jira/jira-import-params';
export { guessJiraFormat, jiraText } from './jira/jira-read';
export { previewRedmineImport, startRedmineImport } from './redmine/redmine-import.service';
export { redmineImportSchema } from './redmine/redmine-import-params';
export {
  acceptSourceUserReassignment,
  cancelSourceUserReassignment,
  canManageSourceUsers,
  keepAllSourceUsersAsPlaceholders,
  keepSourceUserAsPlaceholder,
  listSourceUsers,
  ownedTopLevelGroup,
  reassignSourceUser,
  rejectSourceUserReassignment,
  resendSourceUserNotification,
  SOURCE_USER_SORTS,
  SOURCE_USER_STATUSES,
  type SourceUserRow,
  type SourceUserSort,
  type SourceUserStatus,
  undoKeepSourceUserAsPlaceholder,
} from './source-users/source-users.service';
