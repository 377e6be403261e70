import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** A claim older than this is taken again: the process that made it died mid-request (10 s timeout + margin). */
export const CLAIM_LEASE_SECONDS = 60;
/** After this many failed attempts a delivery is given up (failed_at set, its logs kept). */
export const MAX_ATTEMPTS = 10;
export const CLAIM_BATCH = 10;
/** Delivered and given-up rows are deleted after this many days (GitLab keeps hook logs 7 days). */
export const RETENTION_DAYS = 7;

export interface DeliveryRow {
  id: number;
  web_hook_id: number;
  event_uuid: string;
  idempotency_key: string;
  event_header: string;
  trigger: string;
  payload: unknown;
  attempts: number;
}

/**
 * Claims due deliveries in one statement, as the notification outbox: `FOR UPDATE SKIP LOCKED` lets
 * every process claim at once without taking the same row; the claim commits before the request,
 * so a process killed mid-request leaves the row claimed until the lease runs out, then another
 * process sends it again (at least once; the receiver sees the same X-Gitlab-Event-UUID).
 */
export async function claimDueDeliveries(db: Executor): Promise<DeliveryRow[]> {
  const { rows } = await sql<DeliveryRow>`
    UPDATE web_hook_deliveries SET claimed_at = now(), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM web_hook_deliveries
      WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
        AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))
      ORDER BY next_attempt_at, id
      LIMIT ${CLAIM_BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, web_hook_id, event_uuid, idempotency_key, event_header, trigger, payload, attempts`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

export async function markDelivered(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('web_hook_deliveries')
    .set({ delivered_at: sql<Date>`now()`, claimed_at: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

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
  await db
    .updateTable('web_hook_deliveries')
    .set({
      claimed_at: null,
      last_error: error.slice(0, 1000),
      next_attempt_at: next,
      failed_at: giveUp ? sql<Date>`now()` : null,
    })
    .where('id', '=', row.id)
    .execute();
}

/** Puts a claimed row back unattempted (a stopping worker, or a hook waiting out its temporary disable). */
export async function releaseClaims(db: Executor, ids: number[], notBefore?: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('web_hook_deliveries')
    .set({
      claimed_at: null,
      attempts: sql<number>`attempts - 1`,
      ...(notBefore ? { next_attempt_at: notBefore } : {}),
    })
    .where('id', 'in', ids)
    .execute();
}

export async function pruneDeliveries(db: Executor): Promise<void> {
  await db
    .deleteFrom('web_hook_deliveries')
    .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${RETENTION_DAYS})`)
    .execute();
}
