/** The imports module's transport face: the routes and plugins the app registers (modules/README.md). */

export { bulkImportRoutes } from './direct-transfer/bulk-imports.rest';
export { groupImportRoutes } from './group-archive/group-import.rest';
export { importPlugin } from './import.plugin';
export { importCsvRoutes } from './import-csv.rest';
export { jiraImportRoutes } from './jira/jira-import.rest';
export { redmineImportRoutes } from './redmine/redmine-import.rest';
export { placeholderReassignmentRoutes, sourceUserReviewRoutes } from './source-users/source-users.rest';
