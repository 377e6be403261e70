/** The geo module's transport face: the routes the app registers (modules/README.md). */
export { geoRoutes } from './geo.rest';
export { geoStatusReportRoutes } from './geo-status.rest';
export { refuseMutationsOnSecondary, refuseWritesOnSecondary } from './read-only-site';
export { signInThroughPrimary } from './sign-in-through-primary';
