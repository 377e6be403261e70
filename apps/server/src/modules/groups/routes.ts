/** The groups module's transport face: the routes and plugins the app registers (modules/README.md). */
export { groupsRoutes } from './groups.rest';
export { projectGroupsRoutes } from './project-groups.rest';
