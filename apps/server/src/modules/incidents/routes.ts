/** The incidents module's transport face: the routes the app registers (modules/README.md). */

export { escalationPagingPlugin } from './escalation-paging.plugin';
export { metricImageFileRoutes, metricImagesRoutes } from './metric-images.rest';
