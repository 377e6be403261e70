/** The templates module's transport face: the routes and plugins the app registers (modules/README.md). */
export { repositoryFilesRoutes } from './repository-files.rest';
export { templatesRoutes } from './templates.rest';
