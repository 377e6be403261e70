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

/** An email the worker finishes when it sends it: its subject, bodies and attachment. */
export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
}

/**
 * Builds a queued CSV export's email (`csv_export` rows, modules/csv-exports); null when there is
 * nothing left to send (the requester or the project is gone): the row is then done, unsent.
 */
export type CsvExportComposer = (csvExport: unknown) => Promise<ComposedEmail | null>;

export interface WorkerOptions {
  from: string;
  pollIntervalMs: number;
  onError?: (error: unknown) => void;
  composeCsvExport?: CsvExportComposer;
}

/** Prune sent rows once every this many polls. */
const PRUNE_EVERY = 600;

/**
 * The outbox worker of one process: every poll it claims due rows and sends each through the
 * transporter, marking it sent or scheduling a retry. The loop is `db/outbox-poller.ts`.
 */
export function startNotificationWorker(db: Database, transporter: Transporter, options: WorkerOptions): OutboxPoller {
  const compose = async (row: OutboxRow): Promise<Partial<ComposedEmail> | null> => {
    if (row.csv_export === null) return {};
    if (!options.composeCsvExport) throw new Error('no CSV export composer in this process');
    return options.composeCsvExport(row.csv_export);
  };
  const send = async (row: OutboxRow) => {
    try {
      const composed = await compose(row);
      if (composed === null) return await markSent(db, row.id);
      await transporter.sendMail({
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...composed,
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
