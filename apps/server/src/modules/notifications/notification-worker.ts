import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/connection';
import { type OutboxPoller, startOutboxPoller } from '../../db/outbox-poller';
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
 * transporter, marking it sent or scheduling a retry. The loop is `db/outbox-poller.ts`.
 */
export function startNotificationWorker(db: Database, transporter: Transporter, options: WorkerOptions): OutboxPoller {
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

  return startOutboxPoller({
    pollIntervalMs: options.pollIntervalMs,
    claim: () => claimDueEmails(db),
    handle: send,
    release: (ids) => releaseClaims(db, ids),
    prune: () => pruneSentEmails(db),
    pruneEvery: PRUNE_EVERY,
    ...(options.onError ? { onError: options.onError } : {}),
    onStop: () => transporter.close(),
  });
}
