/** The issue-links module's transport face: the routes and plugins the app registers (modules/README.md). */
export { issueLinksRoutes } from './issue-links.rest';
