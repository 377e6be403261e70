import { DUO_AVAILABILITY_VALUES, MAX_INT4 } from '@meridian/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { canGroup } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, parseIdOrPath, parseInput } from '../../rest/params';
import {
  findGroup,
  type GroupRow,
  groupSubject,
  nameParam,
  namespaceRoutes,
  pathParam,
  sortParam,
  visibilityParam,
} from '../namespaces';
import { listProjects, presentProject, projectListParams } from '../projects';
import { canManageTemplates } from '../templates';
import { presentGroupDetail } from './group-detail.presenter';
import { groupDuoSettings } from './group-duo.service';
import { groupSettingsParams, unsupportedGroupSettings } from './group-settings-params';
import { presentGroup } from './groups.presenter';
import { createGroup, deleteGroup, updateGroup } from './groups.service';
import { listGroups } from './groups-list.service';

const listParams = pageParams.extend({
  search: z.string().max(255).optional(),
  owned: gitlabBoolean.optional(),
  min_access_level: z.coerce
    .number()
    .int()
    .refine((v) => [10, 15, 20, 30, 40, 50].includes(v), 'must be 10, 15, 20, 30, 40 or 50')
    .optional(),
  top_level_only: gitlabBoolean.optional(),
  all_available: gitlabBoolean.optional(),
  order_by: z.enum(['name', 'path', 'id']).default('name'),
  sort: sortParam.default('asc'),
});

const createParams = z.object({
  name: nameParam,
  path: pathParam,
  parent_id: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  visibility: visibilityParam.optional(),
  description: z.string().max(2000).optional(),
  ...groupSettingsParams,
  ...unsupportedGroupSettings,
});

const updateParams = z.object({
  name: nameParam.optional(),
  path: pathParam.optional(),
  visibility: visibilityParam.optional(),
  description: z.string().max(2000).optional(),
  duo_availability: z
    .enum(DUO_AVAILABILITY_VALUES, { message: `must be one of ${DUO_AVAILABILITY_VALUES.join(', ')}` })
    .optional(),
  experiment_features_enabled: gitlabBoolean.optional(),
  ...groupSettingsParams,
  ...unsupportedGroupSettings,
});

/** GitLab REST v4 groups: list, show, create, update, delete, subgroups, descendants, projects. */
export const groupsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  const presentOne = async (group: GroupRow, actor: Actor | null) =>
    presentGroupDetail(ctx, group, {
      can_admin_issuable_templates: canManageTemplates(actor, groupSubject(group)),
      // Owners (and administrators) manage members and see the seats (the Usage quotas page).
      can_admin_group: canGroup(actor, 'admin_group', groupSubject(group)),
      duo: await groupDuoSettings(db, group),
    });

  namespaceRoutes(app, db, {
    path: '/groups',
    listParams,
    createParams,
    updateParams,
    list: (db, actor, params) => listGroups(db, actor, params, params),
    create: createGroup,
    update: updateGroup,
    remove: deleteGroup,
    present: (group) => presentGroup(ctx, group),
    presentOne,
  });

  app.get<{ Params: { id: string } }>('/groups/:id', async (request) => {
    const group = await findGroup(db, request.actor, parseIdOrPath(request.params.id));
    return presentOne(group, request.actor);
  });

  for (const kind of ['subgroups', 'descendant_groups'] as const) {
    app.get<{ Params: { id: string } }>(`/groups/:id/${kind}`, async (request, reply) => {
      const group = await findGroup(db, request.actor, parseIdOrPath(request.params.id));
      const params = parseInput(listParams, request.query);
      const scope = kind === 'subgroups' ? { parentId: group.id } : { ancestorId: group.id };
      const { rows, total } = await listGroups(db, request.actor, { ...params, ...scope }, params);
      setPaginationHeaders(request, reply, params, total);
      return rows.map((r) => presentGroup(ctx, r));
    });
  }

  app.get<{ Params: { id: string } }>('/groups/:id/projects', async (request, reply) => {
    const group = await findGroup(db, request.actor, parseIdOrPath(request.params.id));
    const params = parseInput(projectListParams, request.query);
    const { rows, total } = await listProjects(db, request.actor, { ...params, groupId: group.id }, params);
    setPaginationHeaders(request, reply, params, total);
    return rows.map((r) => presentProject(ctx, r));
  });
};
