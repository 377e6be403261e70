import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { isSubscribed, setSubscription } from '../subscriptions/subscriptions.service';
import { epicPathParams } from './epic-params';
import { findGroupEpic } from './epics.service';

/**
 * `POST /groups/:id/epics/:epic_iid/subscribe` and `/unsubscribe`, as the issue's: the epic's
 * notifications toggle. 304 when the state does not change; otherwise 201 with `{ subscribed }`.
 */
export const epicSubscriptionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const action of ['subscribe', 'unsubscribe'] as const) {
    app.post(`/groups/:id/epics/:epic_iid/${action}`, async (request, reply) => {
      requireActor(request.actor);
      const { epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params));
      const target = { type: 'Epic' as const, id: epic.id };
      const changed = await setSubscription(db, request.actor, target, action === 'subscribe');
      if (!changed) return reply.status(304).send();
      return reply
        .status(201)
        .send({ id: epic.id, iid: epic.iid, subscribed: await isSubscribed(db, request.actor, target) });
    });
  }
};
