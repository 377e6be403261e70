import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { DomainError, forbidden } from '../../errors';
import type { FileStore } from '../../file-store';
import { canGroup } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { type GroupRow, groupSubject } from '../namespaces';
import { ARCHIVE_KINDS } from './archive-format';

/** GitLab's `authorize! :admin_group` on every group export call: owners and administrators, 403 for other readers. */
export function assertMayExportGroup(actor: Actor | null, group: GroupRow): Actor {
  const signedIn = requireActor(actor);
  if (!canGroup(signedIn, 'admin_group', groupSubject(group))) throw forbidden();
  return signedIn;
}

/**
 * Queues an export of the group for the actor (GitLab's `POST /groups/:id/export`, 202): a new
 * request replaces the actor's last export of the group, unless one is still being made. The
 * worker (group-export-worker.ts) writes the archive.
 */
export async function startGroupExport(
  db: Database,
  files: FileStore,
  actor: Actor | null,
  group: GroupRow,
): Promise<void> {
  const user = assertMayExportGroup(actor, group);
  const previous = await db
    .selectFrom('group_exports')
    .select(['id', 'file_key', 'exported_at', 'failed_at'])
    .where('group_id', '=', group.id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (previous && previous.exported_at === null && previous.failed_at === null) return; // in progress
  await db
    .insertInto('group_exports')
    .values({ group_id: group.id, user_id: user.id })
    .onConflict((oc) =>
      oc.columns(['group_id', 'user_id']).doUpdateSet({
        file_key: null,
        file_size: null,
        attempts: 0,
        next_attempt_at: sql<Date>`now()`,
        claimed_at: null,
        exported_at: null,
        failed_at: null,
        last_error: null,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  if (previous?.file_key) await files.remove(previous.file_key);
}

export interface GroupExportState {
  status: 'started' | 'finished' | 'failed';
  error: string | null;
  updatedAt: Date;
}

async function exportRow(db: Database, groupId: number, userId: number) {
  return db
    .selectFrom('group_exports')
    .select(['file_key', 'file_size', 'exported_at', 'failed_at', 'last_error', 'updated_at'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The actor's export of the group, or null when there is none. */
export async function groupExportState(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
): Promise<GroupExportState | null> {
  const user = assertMayExportGroup(actor, group);
  const row = await exportRow(db, group.id, user.id);
  if (!row) return null;
  const status = row.exported_at ? 'finished' : row.failed_at ? 'failed' : 'started';
  return { status, error: row.failed_at ? 'The export failed. Start a new one.' : null, updatedAt: row.updated_at };
}

/** GitLab's export relations status: one entry per exported kind, all with the export's state. */
export function relationStatuses(state: GroupExportState | null) {
  if (!state) return [];
  const code = { started: 0, finished: 1, failed: -1 }[state.status];
  return ARCHIVE_KINDS.map((relation) => ({ relation, status: code, error: state.error, updatedAt: state.updatedAt }));
}

export interface GroupExportFile {
  stream: Readable;
  size: number;
  fileName: string;
}

/**
 * The actor's finished archive of the group (GitLab's `GET /groups/:id/export/download`), or
 * GitLab's 404s: none made (or removed), or not written yet.
 */
export async function groupExportDownload(
  db: Database,
  files: FileStore,
  actor: Actor | null,
  group: GroupRow,
): Promise<GroupExportFile> {
  const user = assertMayExportGroup(actor, group);
  const row = await exportRow(db, group.id, user.id);
  if (!row || row.failed_at) throw new DomainError('not_found', '404 Not found or has expired');
  if (!row.exported_at || !row.file_key)
    throw new DomainError('not_found', 'The group export file is not available yet');
  const found = await files.getStream(row.file_key);
  if (!found) throw new DomainError('not_found', '404 Not found or has expired');
  return { ...found, fileName: exportFileName(row.exported_at, group.full_path) };
}

/** GitLab's name: `2026-11-30_06-41-123_acme_platform_export.tar.gz`. */
export function exportFileName(at: Date, fullPath: string): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10)}_${iso.slice(11, 13)}-${iso.slice(14, 16)}-${iso.slice(20, 23)}`;
  return `${stamp}_${fullPath.replaceAll('/', '_')}_export.tar.gz`;
}
