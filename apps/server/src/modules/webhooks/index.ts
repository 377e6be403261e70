/** The webhooks module's face: all that code outside it may import (modules/README.md). */

export { queueWebhookEvent, type WebhookEvent } from './webhook-queue';
