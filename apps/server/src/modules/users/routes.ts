/** The users module's transport face: the routes and plugins the app registers (modules/README.md). */
export { userRoutes } from './users.rest';
