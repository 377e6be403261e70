/** The time-tracking module's transport face: the routes and plugins the app registers (modules/README.md). */
export { timeTrackingRoutes } from './time-tracking.rest';
