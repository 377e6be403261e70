/** The webhooks module's transport face: the routes and plugins the app registers (modules/README.md). */
export { webhookPlugin } from './webhook.plugin';
export { webhooksRoutes } from './webhooks.rest';
