import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { setSubscription } from '../subscriptions';
import { findTodo, markForLater, presentTodos } from '../todos';
import { epicPathParams } from './epic-params';
import { presentEpics } from './epics.presenter';
import { findGroupEpic } from './epics.service';

/**
 * The epic sidebar's personal switches, as GitLab's REST has them: `POST …/epics/:epic_iid/todo`
 * (a to-do for oneself) and `…/subscribe` / `…/unsubscribe`, for signed-in readers of the epic.
 * Nothing changing answers 304, as GitLab does.
 */
export const epicSidebarRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.post('/groups/:id/epics/:epic_iid/todo', async (request, reply) => {
    const actor = requireActor(request.actor);
    const { epic } = await findGroupEpic(db, actor, epicPathParams(request.params));
    const { id, created } = await markForLater(db, actor, { type: 'Epic', id: epic.id });
    if (!created) return reply.status(304).send();
    const [todo] = await presentTodos(ctx, db, [await findTodo(db, actor, id)]);
    return reply.status(201).send(todo);
  });

  for (const action of ['subscribe', 'unsubscribe'] as const) {
    app.post(`/groups/:id/epics/:epic_iid/${action}`, async (request, reply) => {
      const actor = requireActor(request.actor);
      const { group, epic } = await findGroupEpic(db, actor, epicPathParams(request.params));
      const changed = await setSubscription(db, actor, { type: 'Epic', id: epic.id }, action === 'subscribe');
      if (!changed) return reply.status(304).send();
      const [json] = await presentEpics(db, ctx, [epic], { viewer: { actor }, fromGroupId: group.id });
      return reply.status(201).send({ ...json, subscribed: action === 'subscribe' });
    });
  }
};
