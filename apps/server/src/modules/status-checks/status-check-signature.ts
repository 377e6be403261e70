import { createHmac } from 'node:crypto';

/** GitLab's header for the body's HMAC (ExternalStatusChecks::DispatchService). */
export const SIGNATURE_HEADER = 'X-GitLab-Signature';

/** Hex HMAC-SHA256 of the exact body sent, under the check's shared secret. */
export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
