import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';

/**
 * Subscribes (or unsubscribes) the actor to a label they can read. Returns false when nothing
 * changed (GitLab then answers 304 Not Modified).
 */
export async function setLabelSubscription(
  db: Database,
  actor: Actor | null,
  labelId: number,
  subscribed: boolean,
): Promise<boolean> {
  const me = requireActor(actor);
  const current = await db
    .selectFrom('subscriptions')
    .select(['id', 'subscribed'])
    .where('subscribable_type', '=', 'Label')
    .where('subscribable_id', '=', labelId)
    .where('user_id', '=', me.id)
    .executeTakeFirst();
  if ((current?.subscribed ?? false) === subscribed) return false;
  await db
    .insertInto('subscriptions')
    .values({ user_id: me.id, subscribable_type: 'Label', subscribable_id: labelId, subscribed })
    .onConflict((oc) => oc.columns(['subscribable_type', 'subscribable_id', 'user_id']).doUpdateSet({ subscribed }))
    .execute();
  return true;
}
