import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/connection';
import {
  claimDueEmails,
  markFailed,
  markSent,
  type OutboxRow,
  pruneSentEmails,
  releaseClaims,
} from './notification-outbox';

export interface WorkerOptions {
  from: string;
  pollIntervalMs: number;
  onError?: (error: unknown) => void;
}

/** Prune sent rows once every this many polls. */
const PRUNE_EVERY = 600;

/**
 * The outbox worker of one process: every poll it claims due rows and sends each through the
 * transporter, marking it sent or scheduling a retry. Polls are chained (never overlapping);
 * `stop` waits for the poll in flight.
 */
export function startNotificationWorker(db: Database, transporter: Transporter, options: WorkerOptions) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let polls = 0;

  const send = async (row: OutboxRow) => {
    try {
      await transporter.sendMail({
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers,
        ...(row.headers['Message-ID'] ? { messageId: row.headers['Message-ID'] } : {}),
      });
      await markSent(db, row.id);
    } catch (error) {
      await markFailed(db, row, error instanceof Error ? error.message : String(error));
    }
  };

  const poll = async () => {
    polls += 1;
    if (polls % PRUNE_EVERY === 0) await pruneSentEmails(db);
    for (;;) {
      const rows = await claimDueEmails(db);
      for (const [i, row] of rows.entries()) {
        if (stopped) {
          await releaseClaims(
            db,
            rows.slice(i).map((r) => r.id),
          );
          return;
        }
        await send(row);
      }
      if (rows.length === 0 || stopped) return;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = poll()
        .catch((error) => options.onError?.(error))
        .finally(schedule);
    }, options.pollIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    /** Runs one poll now (tests and the first poll after start). */
    async pollNow(): Promise<void> {
      await inFlight;
      inFlight = poll();
      await inFlight;
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight.catch(() => undefined);
      transporter.close();
    },
  };
}
