import { extractMentions } from '@meridian/domain';
import type { Executor } from '../../db/executor';
import { canNote } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import type { EpicSubject, IssueSubject, MergeRequestSubject } from '../../policy/subjects';
import { recordMentions } from '../mentions';
import type { TodoAction } from './todo-params';

/** What a to-do points at: an issue, epic or merge request, with the policy subject that says who may read it. */
export interface TodoTarget {
  type: 'Issue' | 'Epic' | 'MergeRequest';
  id: number;
  subject: IssueSubject | EpicSubject | MergeRequestSubject;
}

/** The text that mentioned someone: a description, or a comment (whose id and internal flag count). */
export interface MentioningText {
  text: string;
  /** The text before this edit: only mentions it did not hold are new. */
  previousText?: string;
  note?: { id: number; internal: boolean };
}

const BODY_LIMIT = 1000;

/** May `user` read this text where it stands (the target, and the comment if it is internal)? */
function mayRead(user: Actor, target: TodoTarget, internal: boolean): boolean {
  return canNote(user, 'read_note', {
    kind: 'note',
    noteable: target.subject,
    authorId: null,
    internal,
    system: false,
  });
}

async function insertTodos(
  db: Executor,
  author: Actor,
  target: TodoTarget,
  recipients: Array<{ userId: number; action: TodoAction }>,
  body: string,
  noteId: number | null,
): Promise<void> {
  if (recipients.length === 0) return;
  await db
    .insertInto('todos')
    .values(
      recipients.map(({ userId, action }) => ({
        user_id: userId,
        author_id: author.id,
        target_type: target.type,
        target_id: target.id,
        note_id: noteId,
        action,
        body: body.slice(0, BODY_LIMIT),
      })),
    )
    .execute();
}

/**
 * What a new or edited description or comment's mentions do: the text's mentions are stored
 * (`recordMentions`: the participants read them), and the users it newly mentions get to-do items
 * (GitLab's `mentioned`, or `directly_addressed` when the text opens with them): active users other
 * than the author who may read the text where it stands — a mention never tells anyone about an
 * issue or internal comment they cannot see. At most MENTION_LIMIT users per text; five statements
 * whatever the count.
 */
export async function createMentionTodos(
  db: Executor,
  author: Actor,
  target: TodoTarget,
  mentioning: MentioningText,
): Promise<void> {
  const { usernames, directlyAddressed } = extractMentions(mentioning.text);
  await recordMentions(db, target, mentioning.note?.id ?? null, usernames);
  const before = new Set(mentioning.previousText ? extractMentions(mentioning.previousText).usernames : []);
  const fresh = usernames.filter((name) => !before.has(name));
  if (fresh.length === 0) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb.fn('lower', ['username']), 'in', fresh)
    .where('id', '!=', author.id)
    .execute();
  const actors = await loadActiveActors(
    db,
    users.map((u) => u.id),
  );
  const internal = mentioning.note?.internal ?? false;
  const recipients = users.flatMap((user) => {
    const actor = actors.get(user.id);
    if (!actor || !mayRead(actor, target, internal)) return [];
    const action: TodoAction = directlyAddressed.includes(user.username.toLowerCase())
      ? 'directly_addressed'
      : 'mentioned';
    return [{ userId: user.id, action }];
  });
  await insertTodos(db, author, target, recipients, mentioning.text, mentioning.note?.id ?? null);
}

/** To-do items (`assigned`, or `review_requested` for reviewers) for users newly assigned by someone else. */
export async function createAssignedTodos(
  db: Executor,
  author: Actor,
  target: TodoTarget,
  assigneeIds: number[],
  body: string,
  action: 'assigned' | 'review_requested' = 'assigned',
): Promise<void> {
  const recipients = assigneeIds.filter((id) => id !== author.id).map((userId) => ({ userId, action }));
  await insertTodos(db, author, target, recipients, body, null);
}
