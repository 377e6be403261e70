/** The iterations module's transport face: the routes and plugins the app registers (modules/README.md). */
export { iterationsRoutes } from './iterations.rest';
