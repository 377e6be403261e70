/** The members module's transport face: the routes and plugins the app registers (modules/README.md). */
export { membersRoutes } from './members.rest';
