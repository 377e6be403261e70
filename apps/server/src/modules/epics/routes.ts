/** The epics module's transport face: the routes and plugins the app registers (modules/README.md). */

export { epicExportRoutes } from './epic-export.rest';
export { epicPageJsonRoutes } from './epic-page-json.rest';
export { epicRelationsWebRoutes } from './epic-relations-web.rest';
export { epicRoutes } from './epic-routes';
export { epicTreeLinksRoutes } from './tree-links/epic-tree-links.rest';
