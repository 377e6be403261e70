import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './executor';

/**
 * An outbox table (emails, webhook and status check deliveries, group exports, file removals) and how
 * its workers claim rows. The tables share their claim and retry columns, and Kysely cannot type a table
 * chosen at run time: the updates are typed against notification_emails.
 */
export interface OutboxTable {
  table: 'notification_emails' | 'web_hook_deliveries' | 'status_check_deliveries' | 'group_exports' | 'file_removals';
  /** The column a row that went out has set. */
  doneColumn: 'sent_at' | 'delivered_at' | 'exported_at' | 'removed_at';
  /** A claim older than this is taken again: the process that made it died mid-send. */
  leaseSeconds: number;
  /** Rows one worker claims at a time. */
  batch: number;
}

/**
 * Claims up to `batch` due rows for this worker, in one statement: not done, not given up, due, and
 * unclaimed or claimed longer ago than the lease; returns them with `columns`, oldest first.
 * `FOR UPDATE SKIP LOCKED` lets several processes claim at once without taking the same row; the
 * claim stamp (and the attempt it counts) commits before sending, so a crash leaves the row claimed
 * until the lease runs out, then it is sent again.
 */
export async function claimDueRows<Row extends { id: number }>(
  db: Executor,
  outbox: OutboxTable,
  columns: readonly (keyof Row & string)[],
): Promise<Row[]> {
  const table = sql.table(outbox.table);
  const { rows } = await sql<Row>`
    UPDATE ${table} SET claimed_at = now(), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM ${table}
      WHERE ${sql.ref(outbox.doneColumn)} IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
        AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${outbox.leaseSeconds}))
      ORDER BY next_attempt_at, id
      LIMIT ${outbox.batch}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${sql.join(columns.map((column) => sql.ref(column)))}`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

/** Marks row `id` done and releases its claim. */
export async function markRowDone(db: Executor, outbox: OutboxTable, id: number): Promise<void> {
  await db
    .updateTable(outbox.table as 'notification_emails')
    .set({ [outbox.doneColumn as 'sent_at']: sql<Date>`now()`, claimed_at: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Releases row `id`'s claim after a failed attempt: due again at `nextAttemptAt`, or given up (failed_at set). */
export async function markRowFailed(
  db: Executor,
  outbox: OutboxTable,
  id: number,
  attempt: { error: string; nextAttemptAt: Date | RawBuilder<Date>; giveUp: boolean },
): Promise<void> {
  await db
    .updateTable(outbox.table as 'notification_emails')
    .set({
      claimed_at: null,
      last_error: attempt.error.slice(0, 1000),
      next_attempt_at: attempt.nextAttemptAt,
      failed_at: attempt.giveUp ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .execute();
}

/** Gives back rows claimed but not attempted, the attempt uncounted: due again at once, or at `notBefore`. */
export async function releaseClaimedRows(
  db: Executor,
  outbox: OutboxTable,
  ids: number[],
  notBefore?: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(outbox.table as 'notification_emails')
    .set({
      claimed_at: null,
      attempts: sql<number>`attempts - 1`,
      ...(notBefore ? { next_attempt_at: notBefore } : {}),
    })
    .where('id', 'in', ids)
    .execute();
}
