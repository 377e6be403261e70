import type { IssuableHookAction } from '@meridian/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** One issuable webhook event, in the shape modules/webhooks' `queueWebhookEvent` takes. */
export interface IssuableWebhookEvent {
  kind: 'issuable';
  type: 'Issue' | 'MergeRequest' | 'Epic';
  id: number;
  action: IssuableHookAction;
  actorId: number;
  /** GitLab's `changes`: `{ field: { previous, current } }` under its field names. */
  changes: Record<string, { previous: unknown; current: unknown }>;
}

/**
 * The webhook deliveries of a change. Wired to modules/webhooks at merge: until then this is the
 * one place the recorder hands them over, and it does nothing.
 */
export async function recordWebhookEffect(_trx: Transaction<DB>, _event: IssuableWebhookEvent): Promise<void> {}
