import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import type { Noteable } from './noteable';
import { type NoteRow, visibleNotes } from './notes.service';

/**
 * The notes of several discussions of one noteable the actor may read, oldest first within each,
 * at most `limitEach` a discussion: one statement.
 */
export function readableNotesOfDiscussions(
  db: Database,
  actor: Actor | null,
  noteable: Noteable,
  discussionIds: readonly string[],
  limitEach: number,
): Promise<NoteRow[]> {
  if (discussionIds.length === 0) return Promise.resolve([]);
  const ranked = visibleNotes(db, actor, noteable)
    .selectAll('nt')
    .select(sql<number>`row_number() OVER (PARTITION BY nt.discussion_id ORDER BY nt.id)`.as('rank'))
    .where('nt.discussion_id', 'in', [...discussionIds]);
  return db
    .selectFrom(ranked.as('r'))
    .selectAll('r')
    .where('r.rank', '<=', limitEach)
    .orderBy('r.id')
    .execute()
    .then((rows) => rows.map(({ rank: _rank, ...row }) => row as NoteRow));
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
