import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { claimDueRows, markRowDone, markRowFailed, type OutboxTable, releaseClaimedRows } from '../../db/outbox-rows';
import type { WebHookDeliveriesTable } from '../../db/schema';

/** A claim older than this is taken again: the process that made it died mid-request (10 s timeout + margin). */
export const CLAIM_LEASE_SECONDS = 60;
/** After this many failed attempts a delivery is given up (failed_at set, its logs kept). */
export const MAX_ATTEMPTS = 10;
export const CLAIM_BATCH = 10;
/** Delivered and given-up rows are deleted after this many days (GitLab keeps hook logs 7 days). */
export const RETENTION_DAYS = 7;

/** A delivery as the worker sends it. */
export type DeliveryRow = Pick<
  Selectable<WebHookDeliveriesTable>,
  'id' | 'web_hook_id' | 'event_uuid' | 'idempotency_key' | 'event_header' | 'trigger' | 'payload' | 'attempts'
>;

const DELIVERIES: OutboxTable = {
  table: 'web_hook_deliveries',
  doneColumn: 'delivered_at',
  leaseSeconds: CLAIM_LEASE_SECONDS,
  batch: CLAIM_BATCH,
};

/**
 * Claims due deliveries (`claimDueRows`): a process killed mid-request leaves the row claimed until
 * the lease runs out, then another process sends it again (at least once; the receiver sees the
 * same X-Gitlab-Event-UUID).
 */
export const claimDueDeliveries = (db: Executor): Promise<DeliveryRow[]> =>
  claimDueRows<DeliveryRow>(db, DELIVERIES, [
    'id',
    'web_hook_id',
    'event_uuid',
    'idempotency_key',
    'event_header',
    'trigger',
    'payload',
    'attempts',
  ]);

export const markDelivered = (db: Executor, id: number): Promise<void> => markRowDone(db, DELIVERIES, id);

/** Seconds to wait after the n-th failed attempt: 10 s, 20 s, 40 s … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Releases the claim and schedules the next attempt: after the backoff, and not before the hook's
 * temporary disable ends. Gives the row up after MAX_ATTEMPTS, or at once when the hook is disabled.
 */
export async function markFailed(
  db: Executor,
  row: Pick<DeliveryRow, 'id' | 'attempts'>,
  error: string,
  options: { giveUp?: boolean; notBefore?: Date | null } = {},
): Promise<void> {
  const giveUp = options.giveUp === true || row.attempts >= MAX_ATTEMPTS;
  const backoff = new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000);
  const next = options.notBefore && options.notBefore > backoff ? options.notBefore : backoff;
  await markRowFailed(db, DELIVERIES, row.id, { error, nextAttemptAt: next, giveUp });
}

/** Puts a claimed row back unattempted (a stopping worker, or a hook waiting out its temporary disable). */
export const releaseClaims = (db: Executor, ids: number[], notBefore?: Date): Promise<void> =>
  releaseClaimedRows(db, DELIVERIES, ids, notBefore);

export async function pruneDeliveries(db: Executor): Promise<void> {
  await db
    .deleteFrom('web_hook_deliveries')
    .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${RETENTION_DAYS})`)
    .execute();
}
