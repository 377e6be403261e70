import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { publishChange } from '../../realtime/change-channel';
import { epicIdsDatedBy, refreshEpicDates } from '../epics';
import { deleteAwardEmoji, deleteNoteableRecords, type NoteableType } from '../system-notes';

/** Deletes the rows of one issuable table and what hangs on each (notes, award emoji, to-dos, subscriptions). */
async function deleteNoteables(
  trx: Transaction<DB>,
  type: NoteableType,
  table: 'issues' | 'epics' | 'merge_requests',
  ids: number[],
): Promise<void> {
  for (const id of ids) {
    await deleteNoteableRecords(trx, type, id);
    await publishChange(trx, type, id, 'deleted');
  }
  if (ids.length) await trx.deleteFrom(table).where('id', 'in', ids).execute();
}

/**
 * GitLab's hard delete of a spammer ("Remove user" on Admin › Spam logs): their issues, epics, merge
 * requests and comments go with the account (rather than staying behind authorless, visible again),
 * epic dates that leaned on them are recomputed, then the user row is deleted (its memberships,
 * tokens, award emoji and personal namespace follow by foreign key). Call inside a transaction.
 */
export async function removeUserAndContributions(trx: Transaction<DB>, userId: number): Promise<void> {
  const issueIds = (await trx.selectFrom('issues').select('id').where('author_id', '=', userId).execute()).map(
    (r) => r.id,
  );
  const datedEpics = issueIds.length ? await epicIdsDatedBy(trx, { issueIds }) : [];
  await deleteNoteables(trx, 'Issue', 'issues', issueIds);

  const epics = await trx.selectFrom('epics').select(['id', 'parent_id']).where('author_id', '=', userId).execute();
  const epicIds = epics.map((e) => e.id);
  await deleteNoteables(trx, 'Epic', 'epics', epicIds);

  const mrIds = (await trx.selectFrom('merge_requests').select('id').where('author_id', '=', userId).execute()).map(
    (r) => r.id,
  );
  await deleteNoteables(trx, 'MergeRequest', 'merge_requests', mrIds);

  const notes = await trx.selectFrom('notes').select('id').where('author_id', '=', userId).execute();
  for (const note of notes) await deleteAwardEmoji(trx, 'Note', note.id);
  await trx.deleteFrom('notes').where('author_id', '=', userId).execute();

  const gone = new Set(epicIds);
  const touched = [...datedEpics, ...epics.map((e) => e.parent_id)].filter((id) => id !== null && !gone.has(id));
  await refreshEpicDates(trx, { epicIds: touched });
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
