/** The uploads module's transport face: the routes the app registers (modules/README.md). */

export { projectUploadRoutes } from './project-uploads.rest';
