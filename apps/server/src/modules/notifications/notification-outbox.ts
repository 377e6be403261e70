import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { claimDueRows, markRowDone, markRowFailed, type OutboxTable, releaseClaimedRows } from '../../db/outbox-rows';

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
  /** A CSV export whose attachment (and body) the worker builds when it sends the email; null for others. */
  csv_export: unknown;
}

const EMAILS: OutboxTable = {
  table: 'notification_emails',
  doneColumn: 'sent_at',
  leaseSeconds: CLAIM_LEASE_SECONDS,
  batch: CLAIM_BATCH,
};

/** Claims up to CLAIM_BATCH due emails for this worker (`claimDueRows`). */
export const claimDueEmails = (db: Executor): Promise<OutboxRow[]> =>
  claimDueRows<OutboxRow>(db, EMAILS, [
    'id',
    'to_address',
    'subject',
    'text_body',
    'html_body',
    'headers',
    'attempts',
    'csv_export',
  ]);

export const markSent = (db: Executor, id: number): Promise<void> => markRowDone(db, EMAILS, id);

/** Seconds to wait after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Releases the claim and schedules the next attempt, or gives the row up after MAX_ATTEMPTS. */
export const markFailed = (db: Executor, row: Pick<OutboxRow, 'id' | 'attempts'>, error: string): Promise<void> =>
  markRowFailed(db, EMAILS, row.id, {
    error,
    nextAttemptAt: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
    giveUp: row.attempts >= MAX_ATTEMPTS,
  });

/** Deletes rows sent more than SENT_RETENTION_DAYS ago. */
export async function pruneSentEmails(db: Executor): Promise<void> {
  await db
    .deleteFrom('notification_emails')
    .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${SENT_RETENTION_DAYS})`)
    .execute();
}

/** Gives back rows claimed but not attempted (a stopping worker): due again at once, the attempt uncounted. */
export const releaseClaims = (db: Executor, ids: number[]): Promise<void> => releaseClaimedRows(db, EMAILS, ids);
