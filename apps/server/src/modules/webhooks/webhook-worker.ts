import type { Database } from '../../db/connection';
import { type OutboxPoller, startOutboxPoller } from '../../db/outbox-poller';
import { executeHook, hookStatusNow, pruneHookLogs } from './hook-executor';
import { allowsLocalRequests } from './webhook.service';
import {
  claimDueDeliveries,
  type DeliveryRow,
  markDelivered,
  markFailed,
  pruneDeliveries,
  releaseClaims,
} from './webhook-outbox';

export interface WebhookWorkerOptions {
  pollIntervalMs: number;
  /** This instance's external URL, sent as `X-Gitlab-Instance`. */
  instanceUrl: string;
  onError?: (error: unknown) => void;
}

/** Prune old deliveries and logs once every this many polls. */
const PRUNE_EVERY = 600;

/**
 * The webhook outbox worker of one process (every server process runs one): each poll claims due
 * deliveries and sends them one by one. The loop is `db/outbox-poller.ts`.
 */
export function startWebhookWorker(db: Database, options: WebhookWorkerOptions): OutboxPoller {
  const deliver = async (row: DeliveryRow) => {
    const hook = await db.selectFrom('web_hooks').selectAll().where('id', '=', row.web_hook_id).executeTakeFirst();
    if (!hook) return; // deleted: its deliveries went with it
    const status = hookStatusNow(hook);
    if (status === 'disabled') {
      await markFailed(db, row, 'hook is disabled', { giveUp: true });
      return;
    }
    if (status === 'temporarily_disabled') {
      await releaseClaims(db, [row.id], hook.disabled_until ?? undefined);
      return;
    }
    const result = await executeHook(
      db,
      hook,
      {
        eventHeader: row.event_header,
        trigger: row.trigger,
        eventUuid: row.event_uuid,
        idempotencyKey: row.idempotency_key,
        payload: row.payload,
        instanceUrl: options.instanceUrl,
      },
      await allowsLocalRequests(db),
    );
    if (result.success) {
      await markDelivered(db, row.id);
      return;
    }
    const after = await db.selectFrom('web_hooks').selectAll().where('id', '=', hook.id).executeTakeFirst();
    const afterStatus = after ? hookStatusNow(after) : 'disabled';
    await markFailed(db, row, result.message, {
      giveUp: afterStatus === 'disabled',
      notBefore: afterStatus === 'temporarily_disabled' ? (after?.disabled_until ?? null) : null,
    });
  };

  return startOutboxPoller({
    pollIntervalMs: options.pollIntervalMs,
    claim: () => claimDueDeliveries(db),
    handle: deliver,
    release: (ids) => releaseClaims(db, ids),
    prune: async () => {
      await pruneDeliveries(db);
      await pruneHookLogs(db);
    },
    pruneEvery: PRUNE_EVERY,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
