/** The visits module's transport face: the routes the app registers (modules/README.md). */
export { visitsRoutes } from './visits.rest';
