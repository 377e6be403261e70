/** The deployments module's transport face: the routes the app registers (modules/README.md). */
export { deploymentsRoutes } from './deployments.rest';
export { environmentsRoutes } from './environments.rest';
export { protectedEnvironmentsRoutes } from './protected-environments.rest';
