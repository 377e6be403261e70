/** The moderation module's face: all that code outside it may import (modules/README.md). */
export { abuseReportsRoutes } from './abuse-reports.rest';
export { moderationWebRoutes } from './moderation-web.rest';
