/** The imports module's transport face: the routes and plugins the app registers (modules/README.md). */

export { groupImportRoutes } from './group-archive/group-import.rest';
export { importPlugin } from './import.plugin';
export { importCsvRoutes } from './import-csv.rest';
