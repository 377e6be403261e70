/** The webhooks module's face for write paths: queue an event inside the write's transaction. */
export { queueWebhookEvent, type WebhookEvent } from './webhook-queue';
