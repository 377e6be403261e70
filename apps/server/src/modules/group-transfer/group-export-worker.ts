import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { type OutboxPoller, startOutboxPoller } from '../../db/outbox-poller';
import { claimDueRows, markRowFailed, type OutboxTable, releaseClaimedRows } from '../../db/outbox-rows';
import type { FileStore } from '../../file-store';
import { findGroupRow } from '../namespaces';
import { escapeHtml, queueUserEmail } from '../notifications';
import { writeGroupArchive } from './archive-writer';

/** A claim lasts long enough for a large group's archive; one export at a time per process. */
const EXPORTS: OutboxTable = { table: 'group_exports', doneColumn: 'exported_at', leaseSeconds: 30 * 60, batch: 1 };
const MAX_ATTEMPTS = 3;
const RETRY_SECONDS = 60;
const PRUNE_EVERY = 600;
/** GitLab removes export archives after 24 hours (`ImportExportCleanUpService`). */
const KEEP_HOURS = 24;

type ExportRow = { id: number; group_id: number; user_id: number; attempts: number };

export interface GroupExportWorkerOptions {
  db: Database;
  files: FileStore;
  sourceUrl: string;
  meridianVersion: string;
  /** Whether this instance sends email (SMTP_URL): the owner then hears when the archive is ready. */
  sendsEmail: boolean;
  pollIntervalMs: number;
  onError?: (error: unknown) => void;
}

/** Writes one export's archive to a temporary file, puts it in the file store and records where. */
export async function runGroupExport(options: GroupExportWorkerOptions, row: ExportRow): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'meridian-group-archive-'));
  try {
    const path = join(dir, 'export.tar.gz');
    await writeGroupArchive(
      { db: options.db, groupId: row.group_id, sourceUrl: options.sourceUrl, meridianVersion: options.meridianVersion },
      path,
    );
    const key = `group_exports/${row.group_id}/${row.id}-${Date.now()}.tar.gz`;
    await options.files.putFile(key, path, 'application/gzip');
    const { size } = await stat(path);
    const done = await options.db
      .updateTable('group_exports')
      .set({
        file_key: key,
        file_size: String(size),
        exported_at: sql<Date>`now()`,
        claimed_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.id)
      .where('exported_at', 'is', null)
      .executeTakeFirst();
    // A row deleted or restarted meanwhile does not want this file.
    if (done.numUpdatedRows === 0n) await options.files.remove(key);
    else if (options.sendsEmail) await emailOwner(options, row);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** GitLab's "group was exported" email, with a link to the page that offers the download. */
async function emailOwner(options: GroupExportWorkerOptions, row: ExportRow): Promise<void> {
  const group = await findGroupRow(options.db, { id: row.group_id });
  if (!group) return;
  const link = `${options.sourceUrl}/groups/${group.full_path}/-/settings/general`;
  const text = `Group ${group.full_name} was exported successfully.\n\nThe download link will expire in 24 hours: ${link}\n`;
  const html = `<p>Group <strong>${escapeHtml(group.full_name)}</strong> was exported successfully.</p><p>The <a href="${escapeHtml(link)}">download link</a> will expire in 24 hours.</p>`;
  await queueUserEmail(options.db, row.user_id, { subject: `${group.name} | Group was exported`, text, html });
}

/** Drops the exports past their day; their archives go with the rows (the delete queues them, file-store/file-removals.ts). */
async function pruneExports(db: Database): Promise<void> {
  await db
    .deleteFrom('group_exports')
    .where('updated_at', '<', sql<Date>`now() - make_interval(hours => ${KEEP_HOURS})`)
    .where((eb) => eb.or([eb('exported_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .execute();
}

/** Every worker process's group export worker: claims due exports one at a time and writes them. */
export function startGroupExportWorker(options: GroupExportWorkerOptions): OutboxPoller {
  const { db } = options;
  return startOutboxPoller<ExportRow>({
    pollIntervalMs: options.pollIntervalMs,
    claim: () => claimDueRows<ExportRow>(db, EXPORTS, ['id', 'group_id', 'user_id', 'attempts']),
    handle: async (row) => {
      try {
        await runGroupExport(options, row);
      } catch (error) {
        options.onError?.(error);
        const message = error instanceof Error ? error.message : String(error);
        await markRowFailed(db, EXPORTS, row.id, {
          error: message,
          nextAttemptAt: new Date(Date.now() + RETRY_SECONDS * 1000 * row.attempts),
          giveUp: row.attempts >= MAX_ATTEMPTS,
        });
      }
    },
    release: (ids) => releaseClaimedRows(db, EXPORTS, ids),
    prune: () => pruneExports(db),
    pruneEvery: PRUNE_EVERY,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
