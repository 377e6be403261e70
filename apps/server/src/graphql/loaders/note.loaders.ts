import DataLoader from 'dataloader';
import type { Database } from '../../db/connection';
import { type AuthorStanding, authorStandings, type MembershipPlace } from '../../modules/members';
import { type Noteable, type NoteRow, readableNotesOfDiscussions } from '../../modules/notes';
import type { Actor } from '../../policy/actor';

/** Notes a discussion lists at most (GitLab pages them; a thread is rarely longer). */
export const MAX_DISCUSSION_NOTES = 100;

export interface DiscussionOf {
  noteable: Noteable;
  discussionId: string;
}

export interface AuthorInPlace {
  place: MembershipPlace;
  userId: number;
}

const placeKey = (p: MembershipPlace) => `${p.projectId ?? 'group'}:${p.groupIds.join('.')}`;

/**
 * Batches what notes show per note: the standing of their authors (role, contributor) in their
 * project or group, two statements a place; and per discussion, its readable notes, one statement a noteable.
 */
export function noteLoaders(db: Database, actor: Actor | null) {
  return {
    discussionNotes: new DataLoader<DiscussionOf, NoteRow[], string>(
      async (keys) => {
        const byNoteable = new Map<string, { noteable: Noteable; ids: string[] }>();
        for (const { noteable, discussionId } of keys) {
          const key = `${noteable.type}:${noteable.id}`;
          const entry = byNoteable.get(key) ?? { noteable, ids: [] };
          entry.ids.push(discussionId);
          byNoteable.set(key, entry);
        }
        const notes = new Map<string, NoteRow[]>();
        for (const { noteable, ids } of byNoteable.values()) {
          const rows = await readableNotesOfDiscussions(db, actor, noteable, ids, MAX_DISCUSSION_NOTES);
          for (const row of rows) {
            const key = `${noteable.type}:${noteable.id}:${row.discussion_id}`;
            notes.set(key, [...(notes.get(key) ?? []), row]);
          }
        }
        return keys.map((k) => notes.get(`${k.noteable.type}:${k.noteable.id}:${k.discussionId}`) ?? []);
      },
      { cacheKeyFn: (k) => `${k.noteable.type}:${k.noteable.id}:${k.discussionId}` },
    ),
    noteAuthorStanding: new DataLoader<AuthorInPlace, AuthorStanding, string>(
      async (keys) => {
        const places = new Map<string, { place: MembershipPlace; userIds: number[] }>();
        for (const { place, userId } of keys) {
          const key = placeKey(place);
          const entry = places.get(key) ?? { place, userIds: [] };
          entry.userIds.push(userId);
          places.set(key, entry);
        }
        const standings = new Map<string, Map<number, AuthorStanding>>();
        for (const [key, { place, userIds }] of places) standings.set(key, await authorStandings(db, place, userIds));
        return keys.map(
          (k) => standings.get(placeKey(k.place))?.get(k.userId) ?? { accessLevel: 0, contributor: false },
        );
      },
      { cacheKeyFn: (k) => `${placeKey(k.place)}|${k.userId}` },
    ),
  };
}
