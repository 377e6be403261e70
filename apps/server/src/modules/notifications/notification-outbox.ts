import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** A claim older than this is taken again: the process that made it died mid-send. */
export const CLAIM_LEASE_SECONDS = 300;
/** After this many failed attempts a row is given up (failed_at set, kept for the admin to see). */
export const MAX_ATTEMPTS = 10;
/** Rows one worker claims at a time. */
export const CLAIM_BATCH = 20;
/** Sent rows are deleted after this many days. */
export const SENT_RETENTION_DAYS = 7;

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
}

/**
 * Claims up to CLAIM_BATCH due rows for this worker, in one statement: unsent, not given up, due, and
 * unclaimed or claimed longer ago than the lease. `FOR UPDATE SKIP LOCKED` lets several processes
 * claim at once without taking the same row; the claim stamp (and the attempt it counts) commits
 * before sending, so a crash leaves the row claimed until the lease runs out, then it is re-sent.
 */
export async function claimDueEmails(db: Executor): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    UPDATE notification_emails SET claimed_at = now(), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM notification_emails
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
        AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))
      ORDER BY next_attempt_at, id
      LIMIT ${CLAIM_BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, subject, text_body, html_body, headers, attempts`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

export async function markSent(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('notification_emails')
    .set({ sent_at: sql<Date>`now()`, claimed_at: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Seconds to wait after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Releases the claim and schedules the next attempt, or gives the row up after MAX_ATTEMPTS. */
export async function markFailed(db: Executor, row: Pick<OutboxRow, 'id' | 'attempts'>, error: string): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('notification_emails')
    .set({
      claimed_at: null,
      last_error: error.slice(0, 1000),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
      failed_at: giveUp ? sql<Date>`now()` : null,
    })
    .where('id', '=', row.id)
    .execute();
}

/** Deletes rows sent more than SENT_RETENTION_DAYS ago. */
export async function pruneSentEmails(db: Executor): Promise<void> {
  await db
    .deleteFrom('notification_emails')
    .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${SENT_RETENTION_DAYS})`)
    .execute();
}

/** Gives back rows claimed but not attempted (a stopping worker): due again at once, the attempt uncounted. */
export async function releaseClaims(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notification_emails')
    .set({ claimed_at: null, attempts: sql<number>`attempts - 1` })
    .where('id', 'in', ids)
    .execute();
}
