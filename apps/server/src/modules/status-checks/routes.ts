/** The status-checks module's transport face: the routes and plugins the app registers (modules/README.md). */
export { statusCheckPlugin } from './status-check.plugin';
export { statusChecksRoutes } from './status-checks.rest';
