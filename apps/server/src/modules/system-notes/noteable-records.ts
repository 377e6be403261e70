import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { renderMarkdown } from '../../markdown/render-markdown';
import { publishChange } from '../../realtime/change-channel';

/** A new thread's id: 40 hex characters, as GitLab's. */
export const newDiscussionId = () => randomBytes(20).toString('hex');

/** The polymorphic type names GitLab stores beside notes, award emoji, to-dos and subscriptions. */
export type NoteableType = 'Issue' | 'MergeRequest' | 'Epic';

/** The issues and epics a system note names ('moved to acme/secret#5'): who may not read one of them does not see the note. */
export interface SystemNoteNames {
  issueIds?: readonly number[];
  epicIds?: readonly number[];
}

/**
 * Records a system note ('closed', 'changed milestone to %"v1"') on an issue, merge request or epic,
 * as GitLab shows in the activity stream. Call inside the write's transaction. A note naming another
 * issue or epic lists it in `names` (`system_note_references`), so that only who may read it sees the note.
 */
export async function addSystemNote(
  trx: Transaction<DB>,
  target: { type: NoteableType; id: number; projectId: number | null; groupId?: number },
  authorId: number | null,
  note: string,
  names: SystemNoteNames = {},
): Promise<void> {
  const inserted = await trx
    .insertInto('notes')
    .values({
      noteable_type: target.type,
      noteable_id: target.id,
      project_id: target.projectId,
      group_id: target.groupId ?? null,
      author_id: authorId,
      discussion_id: newDiscussionId(),
      note,
      note_html: renderMarkdown(note),
      system: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const references = [
    ...(names.issueIds ?? []).map((issueId) => ({ note_id: inserted.id, issue_id: issueId })),
    ...(names.epicIds ?? []).map((epicId) => ({ note_id: inserted.id, epic_id: epicId })),
  ];
  if (references.length > 0) await trx.insertInto('system_note_references').values(references).execute();
  await publishChange(trx, target.type, target.id, 'note', { event: 'created', noteId: inserted.id });
}

/** Removes the award emoji given to one issue, merge request, epic or note. */
export async function deleteAwardEmoji(
  trx: Transaction<DB>,
  awardableType: NoteableType | 'Note',
  awardableId: number,
): Promise<void> {
  await trx
    .deleteFrom('award_emoji')
    .where('awardable_type', '=', awardableType)
    .where('awardable_id', '=', awardableId)
    .execute();
}

/**
 * Removes what hangs on an issue, merge request or epic by type and id (no foreign key can):
 * its award emoji, its notes and theirs, to-dos and subscriptions. Call inside the transaction that deletes it.
 */
export async function deleteNoteableRecords(trx: Transaction<DB>, type: NoteableType, id: number): Promise<void> {
  await deleteAwardEmoji(trx, type, id);
  const notes = trx.selectFrom('notes').select('id').where('noteable_type', '=', type).where('noteable_id', '=', id);
  await trx.deleteFrom('award_emoji').where('awardable_type', '=', 'Note').where('awardable_id', 'in', notes).execute();
  await trx.deleteFrom('notes').where('noteable_type', '=', type).where('noteable_id', '=', id).execute();
  await trx.deleteFrom('todos').where('target_type', '=', type).where('target_id', '=', id).execute();
  await trx
    .deleteFrom('subscriptions')
    .where('subscribable_type', '=', type)
    .where('subscribable_id', '=', id)
    .execute();
}

/** An issue row as the target of `addSystemNote`. */
export const issueNoteTarget = (issue: { id: number; project_id: number }) =>
  ({ type: 'Issue', id: issue.id, projectId: issue.project_id }) as const;
