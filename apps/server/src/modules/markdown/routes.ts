/** The markdown module's transport face: the routes and plugins the app registers (modules/README.md). */
export { markdownRoutes } from './markdown.rest';
