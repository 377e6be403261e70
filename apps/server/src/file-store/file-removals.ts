import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { type OutboxPoller, startOutboxPoller } from '../db/outbox-poller';
import { claimDueRows, markRowDone, markRowFailed, type OutboxTable, releaseClaimedRows } from '../db/outbox-rows';
import type { FileStore } from './file-store';

/**
 * Removes the files whose rows are gone: a delete of uploads, metric images, group exports or import
 * jobs (often by cascade, when a project, group or issue is deleted) queues their keys in
 * `file_removals` in its own transaction (migration 0052's triggers), and every worker process takes
 * the queue from there. A removal that fails (the bucket unreachable) is tried again later.
 */
const REMOVALS: OutboxTable = { table: 'file_removals', doneColumn: 'removed_at', leaseSeconds: 5 * 60, batch: 100 };
const MAX_ATTEMPTS = 10;
const RETRY_SECONDS = 60;
const PRUNE_EVERY = 600;

type RemovalRow = { id: number; file_key: string; attempts: number };

export interface FileRemovalWorkerOptions {
  db: Database;
  files: FileStore;
  pollIntervalMs: number;
  onError?: (error: unknown) => void;
}

export function startFileRemovalWorker({ db, files, pollIntervalMs, onError }: FileRemovalWorkerOptions): OutboxPoller {
  return startOutboxPoller<RemovalRow>({
    pollIntervalMs,
    claim: () => claimDueRows<RemovalRow>(db, REMOVALS, ['id', 'file_key', 'attempts']),
    handle: async (row) => {
      try {
        await files.remove(row.file_key);
        await markRowDone(db, REMOVALS, row.id);
      } catch (error) {
        onError?.(error);
        await markRowFailed(db, REMOVALS, row.id, {
          error: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(Date.now() + RETRY_SECONDS * 1000 * row.attempts),
          giveUp: row.attempts >= MAX_ATTEMPTS,
        });
      }
    },
    release: (ids) => releaseClaimedRows(db, REMOVALS, ids),
    // Done rows are kept a day (what went, and when), then dropped.
    prune: async () => {
      await db.deleteFrom('file_removals').where('removed_at', '<', sql<Date>`now() - interval '1 day'`).execute();
    },
    pruneEvery: PRUNE_EVERY,
    ...(onError ? { onError } : {}),
  });
}
