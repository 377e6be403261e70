/** The csv-exports module's transport face: the routes and plugins the app registers (modules/README.md). */
export { csvExportEmailRoutes } from './csv-export-email.rest';
