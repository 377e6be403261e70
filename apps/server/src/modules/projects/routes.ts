/** The projects module's transport face: the routes and plugins the app registers (modules/README.md). */
export { projectsRoutes } from './projects.rest';
