/** The issues module's transport face: the routes and plugins the app registers (modules/README.md). */

export { issueExportRoutes } from './issue-export.rest';
export { issuePageRoutes } from './issue-page.rest';
export { issuesRoutes } from './issues.rest';
