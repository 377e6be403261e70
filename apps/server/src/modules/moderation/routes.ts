/** The moderation module's transport face: the routes and plugins the app registers (modules/README.md). */
export { abuseReportsRoutes } from './abuse-reports.rest';
export { moderationWebRoutes } from './moderation-web.rest';
