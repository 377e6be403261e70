import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { gitlabId } from '../../../rest/gitlab-list-params';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../../rest/params';
import { findGroup } from '../../namespaces';
import { epicPathParams } from '../epic-params';
import { loadEpicExtras, presentEpic, presentEpics } from '../epics.presenter';
import { findEpic, findGroupEpic } from '../epics.service';
import { createEpicLink, deleteEpicLink, listRelatedEpics } from './related-epics.service';

const createParams = z.object({
  target_group_id: z.union([z.string().min(1).max(1000), z.number().int().min(1)]),
  target_epic_iid: gitlabId,
  link_type: z.enum(['relates_to', 'blocks', 'is_blocked_by']).default('relates_to'),
});

/** Related and blocking epics: /groups/:id/epics/:epic_iid/related_epics[/:related_epic_link_id]. */
export const relatedEpicsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/groups/:id/epics/:epic_iid/related_epics', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params));
    const rows = await listRelatedEpics(db, request.actor, epic);
    const extras = await loadEpicExtras(db, rows, { actor: request.actor });
    return rows.map((r) => ({
      ...presentEpic(ctx, r, extras, { viewer: { actor: request.actor }, fromGroupId: group.id }),
      related_epic_link_id: r.related_epic_link_id,
      link_type: r.link_type,
      link_created_at: r.link_created_at,
      link_updated_at: r.link_created_at,
    }));
  });

  app.post('/groups/:id/epics/:epic_iid/related_epics', async (request, reply) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const input = parseInput(createParams, requestParams(request));
    const targetGroup = await findGroup(
      db,
      request.actor,
      parseIdOrPath(String(input.target_group_id), 'target_group_id'),
    );
    const target = await findEpic(db, request.actor, targetGroup.id, input.target_epic_iid);
    const link = await createEpicLink(db, request.actor, epic, target, input.link_type);
    const [source, dest] = await presentEpics(db, ctx, [link.source, link.target], {
      fromGroupId: group.id,
      viewer: { actor: request.actor },
    });
    return reply.status(201).send({ id: link.id, source_epic: source, target_epic: dest, link_type: link.linkType });
  });

  app.delete('/groups/:id/epics/:epic_iid/related_epics/:related_epic_link_id', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const linkId = parseIntParam(
      (request.params as { related_epic_link_id?: string }).related_epic_link_id,
      'related_epic_link_id',
    );
    const link = await deleteEpicLink(db, request.actor, epic, linkId);
    const [source, dest] = await presentEpics(db, ctx, [link.source, link.target], {
      fromGroupId: group.id,
      viewer: { actor: request.actor },
    });
    return { source_epic: source, target_epic: dest, link_type: link.linkType };
  });
};
