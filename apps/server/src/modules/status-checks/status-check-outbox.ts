import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { claimDueRows, markRowDone, markRowFailed, type OutboxTable, releaseClaimedRows } from '../../db/outbox-rows';
import type { StatusCheckDeliveriesTable } from '../../db/schema';
import { MAX_DELIVERY_ATTEMPTS, retryDelaySeconds } from '../webhooks';

/** Sent and given-up requests are deleted after this many days, as webhook deliveries. */
const RETENTION_DAYS = 7;

export type StatusCheckDeliveryRow = Pick<
  Selectable<StatusCheckDeliveriesTable>,
  'id' | 'external_status_check_id' | 'merge_request_id' | 'payload' | 'attempts'
>;

/** The webhooks' lease and batch: the same 10 s request timeout bounds one attempt. */
const DELIVERIES: OutboxTable = {
  table: 'status_check_deliveries',
  doneColumn: 'delivered_at',
  leaseSeconds: 60,
  batch: 10,
};

export const claimDueStatusChecks = (db: Executor): Promise<StatusCheckDeliveryRow[]> =>
  claimDueRows<StatusCheckDeliveryRow>(db, DELIVERIES, [
    'id',
    'external_status_check_id',
    'merge_request_id',
    'payload',
    'attempts',
  ]);

export const markStatusCheckSent = (db: Executor, id: number): Promise<void> => markRowDone(db, DELIVERIES, id);

/**
 * Schedules the next attempt with the webhooks' backoff; answers whether the request was given up
 * (after the webhooks' attempt limit, or at once when `giveUp`: a URL the SSRF guard refuses).
 */
export async function markStatusCheckFailed(
  db: Executor,
  row: Pick<StatusCheckDeliveryRow, 'id' | 'attempts'>,
  error: string,
  giveUp: boolean,
): Promise<boolean> {
  const given = giveUp || row.attempts >= MAX_DELIVERY_ATTEMPTS;
  const next = new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000);
  await markRowFailed(db, DELIVERIES, row.id, { error, nextAttemptAt: next, giveUp: given });
  return given;
}

export const releaseStatusChecks = (db: Executor, ids: number[]): Promise<void> =>
  releaseClaimedRows(db, DELIVERIES, ids);

export async function pruneStatusCheckDeliveries(db: Executor): Promise<void> {
  await db
    .deleteFrom('status_check_deliveries')
    .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${RETENTION_DAYS})`)
    .execute();
}
