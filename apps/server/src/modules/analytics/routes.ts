/** The analytics module's transport face: the routes the app registers (modules/README.md). */
export { analyticsRoutes } from './analytics.rest';
