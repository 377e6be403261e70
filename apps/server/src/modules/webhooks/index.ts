/** The webhooks module's face: all that code outside it may import (modules/README.md). */

export { webhookPlugin } from './webhook.plugin';
export { queueWebhookEvent, type WebhookEvent } from './webhook-queue';
export { webhooksRoutes } from './webhooks.rest';
