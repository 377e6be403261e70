import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { activeActorsIn, mentionedUsers, readableBy } from '../mentions';
import type { UserRow } from '../users';
import { usersById } from '../users';
import { explicitSubscriptions } from './explicit-subscriptions';

/** What a user may subscribe to, by GitLab's polymorphic type name. */
export interface SubscriptionTarget {
  type: 'Issue' | 'MergeRequest' | 'Epic' | 'Label';
  id: number;
}

/**
 * Subscribes (or unsubscribes) the actor to something they can read; the caller has checked that.
 * An explicit choice is stored either way, so unsubscribing from an issue one participates in holds.
 * Returns false when the actor's state does not change (GitLab then answers 304 Not Modified).
 */
export async function setSubscription(
  db: Executor,
  actorOrNull: Actor | null,
  target: SubscriptionTarget,
  subscribed: boolean,
): Promise<boolean> {
  const me = requireActor(actorOrNull);
  if ((await isSubscribed(db, me, target)) === subscribed) return false;
  await db
    .insertInto('subscriptions')
    .values({ user_id: me.id, subscribable_type: target.type, subscribable_id: target.id, subscribed })
    .onConflict((oc) => oc.columns(['subscribable_type', 'subscribable_id', 'user_id']).doUpdateSet({ subscribed }))
    .execute();
  return true;
}

/**
 * Whether the actor gets notifications for the target, as GitLab decides: their explicit choice
 * when they made one, else whether they take part in it (issues and merge requests).
 */
export async function isSubscribed(db: Executor, actor: Actor | null, target: SubscriptionTarget): Promise<boolean> {
  if (!actor) return false;
  const explicit = (await explicitSubscriptions(db, actor, target.type, [target.id])).get(target.id);
  if (explicit !== undefined) return explicit;
  const { type, id } = target;
  if (type !== 'Issue' && type !== 'MergeRequest') return false;
  return (await participantIds(db, { type, id })).includes(actor.id);
}

const participantSources = {
  Issue: { table: 'issues', assignees: 'issue_assignees', rowColumn: 'issue_id' },
  MergeRequest: { table: 'merge_requests', assignees: 'merge_request_assignees', rowColumn: 'merge_request_id' },
} as const;

/**
 * The users who take part in an issue or merge request: its author, its assignees, the authors
 * of its public comments (internal notes and system notes do not count) and the users its
 * description and public comments mention, author first then by id.
 */
async function participantIds(db: Executor, target: { type: 'Issue' | 'MergeRequest'; id: number }): Promise<number[]> {
  const source = participantSources[target.type];
  const { rows } = await sql<{ user_id: number }>`
    SELECT user_id FROM (
      SELECT author_id AS user_id, 0 AS rank FROM ${sql.table(source.table)} WHERE id = ${target.id}
      UNION SELECT user_id, 1 FROM ${sql.table(source.assignees)} WHERE ${sql.ref(source.rowColumn)} = ${target.id}
      UNION SELECT author_id, 1 FROM notes
        WHERE noteable_type = ${target.type} AND noteable_id = ${target.id} AND NOT system AND NOT internal
      UNION SELECT user_id, 1 FROM (${mentionedUsers(target.type, [target.id])}) m
    ) p WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY min(rank), user_id`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * The participants of an issue or merge request (of the first 100) who may read it — `canRead`
 * asks the policy — as user rows: a confidential item never lists a mentioned outsider.
 */
export async function listParticipants(
  db: Executor,
  target: { type: 'Issue' | 'MergeRequest'; id: number },
  canRead: (user: Actor) => boolean,
): Promise<UserRow[]> {
  const ids = (await participantIds(db, target)).slice(0, 100);
  if (ids.length === 0) return [];
  const byId = await usersById(db, ids);
  return readableBy(
    activeActorsIn(db),
    ids.flatMap((id) => byId.get(id) ?? []),
    canRead,
  );
}
