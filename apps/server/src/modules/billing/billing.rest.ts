import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdOrPath } from '../../rest/params';
import { findGroup } from '../namespaces';
import { type GroupSubscription, groupSubscription } from './subscription.service';

/** GitLab's `GitlabSubscription` entity. */
function presentSubscription(s: GroupSubscription) {
  return {
    plan: {
      code: s.plan.code,
      name: s.plan.name,
      trial: s.plan.trial,
      auto_renew: s.autoRenew,
      upgradable: s.plan.upgradable,
      exclude_guests: s.plan.excludeGuests,
    },
    usage: {
      seats_in_subscription: s.seats,
      seats_in_use: s.seatsInUse,
      max_seats_used: s.maxSeatsUsed,
      seats_owed: s.seatsOwed,
    },
    billing: {
      subscription_start_date: s.startDate,
      subscription_end_date: s.endDate,
      trial_ends_on: s.trialEndsOn,
    },
  };
}

/** `GET /namespaces/:id/gitlab_subscription` (IE-56): a group's namespace id or path. */
export const billingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.get<{ Params: { id: string } }>('/namespaces/:id/gitlab_subscription', async (request) => {
    const group = await findGroup(db, request.actor, parseIdOrPath(request.params.id));
    return presentSubscription(await groupSubscription(db, request.actor, group));
  });
};
