/** The labels module's transport face: the routes and plugins the app registers (modules/README.md). */
export { labelsRoutes } from './labels.rest';
