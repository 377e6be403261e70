import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setKeysetLinkHeader, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { readableHtmlOf } from '../markdown';
import { findGroup } from '../namespaces';
import { epicCreateParams, epicListParams, epicPathParams, epicUpdateParams, toEpicFilters } from './epic-params';
import { createEpic, deleteEpic, updateEpic } from './epic-write.service';
import { presentEpics } from './epics.presenter';
import { type EpicRow, findGroupEpic, listEpics } from './epics.service';

type Params = { id: string; epic_iid?: string };

/** GitLab REST v4 epics: list, show, create, update, delete. */
export const epicsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  /** One epic as its show, create and update routes answer it. */
  async function presentOne(request: FastifyRequest, groupId: number, epic: EpicRow) {
    const [json] = await presentEpics(db, ctx, [epic], {
      viewer: { actor: request.actor },
      fromGroupId: groupId,
      withDescriptionHtml: true,
    });
    const html = { table: 'epics', id: epic.id, html: epic.description_html } as const;
    return json && { ...json, description_html: await readableHtmlOf(db, request.actor, html) };
  }

  app.get('/groups/:id/epics', async (request, reply) => {
    const group = await findGroup(db, request.actor, parseIdOrPath((request.params as Params).id));
    const input = requestParams(request);
    const params = parseInput(epicListParams, input);
    const page = parseInput(pageParams, input);
    const filters = toEpicFilters(params);
    if (params.pagination === 'keyset') {
      const result = await listEpics(db, request.actor, group, filters, { limit: page.per_page, after: params.cursor });
      setKeysetLinkHeader(request, reply, page.per_page, result.nextCursor);
      return presentEpics(db, ctx, result.rows, {
        viewer: { actor: request.actor },
        fromGroupId: group.id,
        withLabelsDetails: params.with_labels_details,
      });
    }
    const result = await listEpics(db, request.actor, group, filters, {
      limit: page.per_page,
      offset: (page.page - 1) * page.per_page,
    });
    setPaginationHeaders(request, reply, page, result.total);
    return presentEpics(db, ctx, result.rows, {
      viewer: { actor: request.actor },
      fromGroupId: group.id,
      withLabelsDetails: params.with_labels_details,
    });
  });

  app.get('/groups/:id/epics/:epic_iid', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params));
    return presentOne(request, group.id, epic);
  });

  app.post('/groups/:id/epics', async (request, reply) => {
    requireActor(request.actor);
    const group = await findGroup(db, request.actor, parseIdOrPath((request.params as Params).id));
    const input = parseInput(epicCreateParams, requestParams(request));
    const epic = await createEpic(serviceContext(ctx, request.actor), group, input);
    const json = await presentOne(request, group.id, epic);
    return reply.status(201).send(json);
  });

  app.put('/groups/:id/epics/:epic_iid', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const input = parseInput(epicUpdateParams, requestParams(request));
    const updated = await updateEpic(serviceContext(ctx, request.actor), epic, input);
    return presentOne(request, group.id, updated);
  });

  app.delete('/groups/:id/epics/:epic_iid', async (request, reply) => {
    const { epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    await deleteEpic(db, request.actor, epic);
    return reply.status(204).send();
  });
};
