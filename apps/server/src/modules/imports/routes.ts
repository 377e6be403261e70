/** The imports module's transport face: the routes and plugins the app registers (modules/README.md). */
export { importPlugin } from './import.plugin';
export { importCsvRoutes } from './import-csv.rest';
