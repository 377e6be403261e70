import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor, requireAdmin } from '../../policy/require-actor';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findGroup } from '../namespaces';
import { type GroupSubscription, groupSubscription } from './subscription.service';
import { subscriptionWriteSchema } from './subscription-params';
import { createGroupSubscription, updateGroupSubscription } from './subscription-write.service';

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

/**
 * `GET /namespaces/:id/gitlab_subscription` (IE-56, the group's Owners; GitLab's namespaces API
 * authenticates first, so anonymous is 401 before any lookup), and GitLab's admin
 * `POST` (201) / `PUT` of it: 401 anonymous, 403 for non-administrators (before the input is read),
 * as GitLab's admin API.
 */
export const billingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.get<{ Params: { id: string } }>('/namespaces/:id/gitlab_subscription', async (request) => {
    const actor = requireActor(request.actor);
    const group = await findGroup(db, actor, parseIdOrPath(request.params.id));
    return presentSubscription(await groupSubscription(db, actor, group));
  });
  app.post<{ Params: { id: string } }>('/namespaces/:id/gitlab_subscription', async (request, reply) => {
    requireAdmin(request.actor);
    const input = parseInput(subscriptionWriteSchema, requestParams(request));
    const idOrPath = parseIdOrPath(request.params.id);
    const subscription = await createGroupSubscription(db, request.actor, idOrPath, input);
    return reply.code(201).send(presentSubscription(subscription));
  });
  app.put<{ Params: { id: string } }>('/namespaces/:id/gitlab_subscription', async (request) => {
    requireAdmin(request.actor);
    const input = parseInput(subscriptionWriteSchema, requestParams(request));
    const idOrPath = parseIdOrPath(request.params.id);
    return presentSubscription(await updateGroupSubscription(db, request.actor, idOrPath, input));
  });
};
