/** The merge-requests module's transport face: the routes and plugins the app registers (modules/README.md). */
export { mergeRequestsRoutes } from './merge-requests.rest';
export { mergeRequestExportRoutes } from './mr-export.rest';
