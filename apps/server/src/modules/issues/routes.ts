/** The issues module's transport face: the routes and plugins the app registers (modules/README.md). */
export { issuesRoutes } from './issues.rest';
