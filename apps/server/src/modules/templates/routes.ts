/** The templates module's transport face: the routes and plugins the app registers (modules/README.md). */
export { templatesRoutes } from './templates.rest';
