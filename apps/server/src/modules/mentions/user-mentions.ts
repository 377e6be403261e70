import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';

/** The item a description or comment belongs to. */
export interface MentionTarget {
  type: 'Issue' | 'Epic' | 'MergeRequest';
  id: number;
}

const ITEM_COLUMN = { Issue: 'issue_id', Epic: 'epic_id', MergeRequest: 'merge_request_id' } as const;

/**
 * Stores the users a text mentions (user_mentions; `usernames` as the domain's `extractMentions`
 * found them), replacing what this text (the item's description when `noteId` is null, else that
 * comment) mentioned before. At most MENTION_LIMIT users; two
 * statements whatever the count. Users are matched case-insensitively; unknown names are dropped.
 */
export async function recordMentions(
  db: Executor,
  target: MentionTarget,
  noteId: number | null,
  usernames: readonly string[],
): Promise<void> {
  const column = ITEM_COLUMN[target.type];
  await db
    .deleteFrom('user_mentions')
    .where(column, '=', target.id)
    .where('note_id', noteId === null ? 'is' : '=', noteId)
    .execute();
  if (usernames.length === 0) return;
  await db
    .insertInto('user_mentions')
    .columns([column, 'note_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([sql.lit(target.id).as(column), sql<number | null>`${noteId}::int`.as('note_id'), 'id as user_id'])
        .where((w) => w.fn('lower', ['username']), 'in', [...usernames]),
    )
    .execute();
}

/**
 * The users mentioned in the descriptions and public comments of these items (an internal
 * comment's mentions are not the public's to see), as SQL selecting `(item_id, user_id)` for a
 * participants union.
 */
export function mentionedUsers(type: MentionTarget['type'], itemIds: readonly number[]) {
  const item = sql.ref(`um.${ITEM_COLUMN[type]}`);
  return sql<{ item_id: number; user_id: number }>`
    SELECT ${item} AS item_id, um.user_id FROM user_mentions um LEFT JOIN notes mn ON mn.id = um.note_id
    WHERE ${item} = ANY(${[...itemIds]}::int[]) AND (um.note_id IS NULL OR NOT mn.internal)`;
}

/** Loads users as actors (active ones only): `loadActiveActors`, or a request's batching loader. */
export type ActorLoader = (userIds: number[]) => Promise<Map<number, Actor>>;

/** The plain ActorLoader: three statements per call. */
export const activeActorsIn =
  (db: Executor): ActorLoader =>
  (userIds) =>
    loadActiveActors(db, userIds);

/**
 * Of these participants, those who may read the item (IE-33: a confidential item's participants
 * list only its readers): active users, asked of the policy through `canRead`.
 */
export async function readableBy<U extends { id: number }>(
  loadActors: ActorLoader,
  users: readonly U[],
  canRead: (actor: Actor) => boolean,
): Promise<U[]> {
  const actors = await loadActors(users.map((u) => u.id));
  return users.filter((u) => {
    const actor = actors.get(u.id);
    return actor !== undefined && canRead(actor);
  });
}
