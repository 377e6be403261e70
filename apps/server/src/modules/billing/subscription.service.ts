import { isPlanCode, PLANS, type Plan, seatsOwed } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { forbidden } from '../../errors';
import { canGroup } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { recordSeatUsage } from '../members';
import { type GroupRow, groupSubject } from '../namespaces';

export interface GroupSubscription {
  plan: Plan;
  autoRenew: boolean | null;
  seats: number;
  seatsInUse: number;
  maxSeatsUsed: number;
  seatsOwed: number;
  startDate: string | null;
  endDate: string | null;
  trialEndsOn: string | null;
}

/**
 * The subscription of a group's top-level group (GitLab's `GET /namespaces/:id/gitlab_subscription`),
 * for its Owners: the plan and the seats, counted afresh as it is read (free without a purchase).
 */
export async function groupSubscription(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
): Promise<GroupSubscription> {
  if (!canGroup(actor, 'admin_group', groupSubject(group))) throw forbidden();
  const rootId = group.traversal_ids[0] ?? group.id;
  return db.transaction().execute(async (trx) => {
    await recordSeatUsage(trx, rootId);
    const row = await trx
      .selectFrom('gitlab_subscriptions')
      .selectAll()
      .where('namespace_id', '=', rootId)
      .executeTakeFirstOrThrow();
    const plan = isPlanCode(row.plan_code) ? PLANS[row.plan_code] : PLANS.free;
    return {
      plan,
      autoRenew: row.auto_renew,
      seats: row.seats,
      seatsInUse: row.seats_in_use,
      maxSeatsUsed: row.max_seats_used,
      seatsOwed: seatsOwed(plan, row.max_seats_used, row.seats),
      startDate: row.start_date,
      endDate: row.end_date,
      trialEndsOn: row.trial_ends_on,
    };
  });
}
