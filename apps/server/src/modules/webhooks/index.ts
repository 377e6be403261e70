/** The webhooks module's face for write paths: queue an event inside the write's transaction. */
export { hookChanges, updateAction } from './hook-changes';
export { queueWebhookEvent, type WebhookEvent } from './webhook-queue';
