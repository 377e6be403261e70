import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import type { Noteable } from './noteable';
import { type NoteRow, visibleNotes } from './notes.service';

/** The notes of discussion `discussionId` the actor may read, oldest first, at most `limit`. */
export function readableDiscussionNotes(
  db: Database,
  actor: Actor | null,
  noteable: Noteable,
  discussionId: string,
  limit: number,
): Promise<NoteRow[]> {
  return visibleNotes(db, actor, noteable)
    .selectAll('nt')
    .where('nt.discussion_id', '=', discussionId)
    .orderBy('nt.id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * The newest `limit` comments (no system notes) on the noteable the actor may read, oldest first:
 * internal notes only for who may see them, a banned author's only for admins (`visibleNotes`).
 */
export async function readableComments(
  db: Database,
  actor: Actor | null,
  noteable: Noteable,
  limit: number,
): Promise<NoteRow[]> {
  const newest = await visibleNotes(db, actor, noteable)
    .selectAll('nt')
    .where('nt.system', '=', false)
    .orderBy('nt.id', 'desc')
    .limit(limit)
    .execute();
  return newest.reverse();
}
