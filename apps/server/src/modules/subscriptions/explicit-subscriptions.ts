import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';
import type { SubscriptionTarget } from './subscriptions.service';

/** The choices the actor made (subscribed or not) on those of `ids` of one type where they made one: one statement. */
export async function explicitSubscriptions(
  db: Executor,
  actor: Actor,
  type: SubscriptionTarget['type'],
  ids: readonly number[],
): Promise<Map<number, boolean>> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['subscribable_id', 'subscribed'])
    .where('subscribable_type', '=', type)
    .where('subscribable_id', 'in', [...ids])
    .where('user_id', '=', actor.id)
    .execute();
  return new Map(rows.map((r) => [r.subscribable_id, r.subscribed]));
}
