import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { presentUserBasic, type UserRow, usersById } from '../users';
import type { Noteable } from './noteable';
import type { NoteRow } from './notes.service';

type Ctx = Pick<AppContext, 'config'>;
export type UserMap = Map<number, UserRow>;

/** The users behind these ids, in one query (users/users-by-id.ts). */
export function loadUsers(db: Database, ids: (number | null)[]): Promise<UserMap> {
  return usersById(db, ids);
}

/** GitLab's Note entity (plus `body_html`, the sanitized rendering stored on write). */
export function presentNote(ctx: Ctx, n: Noteable, note: NoteRow, users: UserMap) {
  const author = note.author_id !== null ? users.get(note.author_id) : undefined;
  const resolver = note.resolved_by_id !== null ? users.get(note.resolved_by_id) : undefined;
  return {
    id: note.id,
    type: note.resolvable ? 'DiscussionNote' : null,
    body: note.note,
    body_html: note.note_html,
    attachment: null,
    author: author ? presentUserBasic(ctx, author) : null,
    created_at: note.created_at.toISOString(),
    updated_at: note.updated_at.toISOString(),
    system: note.system,
    noteable_id: n.id,
    noteable_type: n.type,
    ...(n.projectId !== null ? { project_id: n.projectId } : {}),
    noteable_iid: n.iid,
    commands_changes: {},
    resolvable: note.resolvable,
    ...(note.resolvable
      ? {
          resolved: note.resolved_at !== null,
          resolved_by: resolver ? presentUserBasic(ctx, resolver) : null,
          resolved_at: note.resolved_at ? note.resolved_at.toISOString() : null,
        }
      : {}),
    confidential: note.internal,
    internal: note.internal,
    imported: false,
    imported_from: 'none',
  };
}

/** GitLab's Discussion entity: the thread id, whether it is a lone comment, and its notes. */
export function presentDiscussion(ctx: Ctx, n: Noteable, discussionId: string, notes: NoteRow[], users: UserMap) {
  return {
    id: discussionId,
    individual_note: notes.length === 1 && !notes[0]?.resolvable,
    notes: notes.map((note) => presentNote(ctx, n, note, users)),
  };
}
