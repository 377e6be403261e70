/** The group-transfer module's transport face: the routes and plugins the app registers (modules/README.md). */
export { groupExportPlugin } from './group-export.plugin';
export { groupExportRoutes } from './group-export.rest';
