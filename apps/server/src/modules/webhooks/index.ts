/** The webhooks module's face: all that code outside it may import (modules/README.md). */

export {
  buildMergeRequestHookData,
  type ExternalPostResult,
  externalUrlBlockReason,
  openExternalRequest,
  postExternalJson,
} from './external-request';
export type { Changes as HookChanges } from './hook-payloads';
export { BlockedUrlError } from './url-blocker';
export { MAX_ATTEMPTS as MAX_DELIVERY_ATTEMPTS, retryDelaySeconds } from './webhook-outbox';
export { queueWebhookEvent, type WebhookEvent } from './webhook-queue';
