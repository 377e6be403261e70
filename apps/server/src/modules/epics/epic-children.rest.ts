import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { gitlabBoolean, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { assignChildEpic, createChildEpic, reorderChildEpic, unassignChildEpic } from './epic-children.service';
import { epicPathParams, moveParams } from './epic-params';
import { presentEpics } from './epics.presenter';
import { findGroupEpic, listChildEpics } from './epics.service';

const createChildParams = z.object({ title: z.string().max(255), confidential: gitlabBoolean.optional() });

/** Child epics: /groups/:id/epics/:epic_iid/epics[/:child_epic_id]. */
export const epicChildrenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const childId = (params: unknown) =>
    parseIntParam((params as { child_epic_id?: string }).child_epic_id, 'child_epic_id');

  app.get('/groups/:id/epics/:epic_iid/epics', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params));
    const rows = await listChildEpics(db, request.actor, epic.id);
    return presentEpics(db, ctx, rows, { viewer: { actor: request.actor }, fromGroupId: group.id });
  });

  app.post('/groups/:id/epics/:epic_iid/epics', async (request, reply) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const input = parseInput(createChildParams, requestParams(request));
    const child = await createChildEpic(serviceContext(ctx, request.actor), group, epic, input);
    const [json] = await presentEpics(db, ctx, [child], { viewer: { actor: request.actor }, fromGroupId: group.id });
    return reply.status(201).send(json);
  });

  app.post('/groups/:id/epics/:epic_iid/epics/:child_epic_id', async (request, reply) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const child = await assignChildEpic(serviceContext(ctx, request.actor), epic, childId(request.params));
    const [json] = await presentEpics(db, ctx, [child], { viewer: { actor: request.actor }, fromGroupId: group.id });
    return reply.status(201).send(json);
  });

  app.delete('/groups/:id/epics/:epic_iid/epics/:child_epic_id', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const child = await unassignChildEpic(serviceContext(ctx, request.actor), epic, childId(request.params));
    const [json] = await presentEpics(db, ctx, [child], { viewer: { actor: request.actor }, fromGroupId: group.id });
    return json;
  });

  app.put('/groups/:id/epics/:epic_iid/epics/:child_epic_id', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const move = parseInput(moveParams, requestParams(request));
    const rows = await reorderChildEpic(db, request.actor, epic, childId(request.params), move);
    return presentEpics(db, ctx, rows, { viewer: { actor: request.actor }, fromGroupId: group.id });
  });
};
