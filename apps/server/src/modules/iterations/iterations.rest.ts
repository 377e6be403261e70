import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { todayIso } from '../../lib/today';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { isoDate } from '../milestones';
import { findGroup, findProject } from '../namespaces';
import { presentCadence, presentIteration } from './iterations.presenter';
import { createCadence, listCadences } from './iterations.service';
import { type IterationListRow, listIterations } from './iterations-list.service';

const listSchema = pageParams.extend({
  state: z.enum(['opened', 'upcoming', 'current', 'closed', 'all']).default('all'),
  search: z.string().max(255).optional(),
  include_ancestors: gitlabBoolean.default(true),
});

const createCadenceSchema = z.object({
  title: z.string().trim().min(1).max(255),
  description: z.string().max(65_535).optional(),
  start_date: isoDate.optional(),
  duration_in_weeks: z.coerce.number().int().min(1).max(4).optional(),
  iterations_in_advance: z.coerce.number().int().min(0).max(10).optional(),
  automatic: gitlabBoolean.default(true),
  active: gitlabBoolean.default(true),
  roll_over: gitlabBoolean.default(false),
});

type Params = { id: string };

/** Iterations (read side) for groups and projects, and iteration cadences of a group. */
export const iterationsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  /** The list rows carry their group's full path: no second lookup. */
  function present(rows: IterationListRow[], today: string) {
    const paths = new Map(rows.map((r) => [r.group_id, r.group_full_path]));
    return rows.map((r) => presentIteration(ctx, r, paths, today));
  }

  /** A page of the iterations of the groups `groupIds` picks (with or without ancestors, as asked). */
  async function listPage(
    request: FastifyRequest,
    reply: FastifyReply,
    groupIds: (includeAncestors: boolean) => number[],
  ) {
    const q = parseInput(listSchema, request.query);
    const today = todayIso();
    const { rows, total } = await listIterations(
      db,
      request.actor,
      { groupIds: groupIds(q.include_ancestors), state: q.state, search: q.search, searchIn: ['title'], today },
      { page: q.page, perPage: q.per_page },
    );
    setPaginationHeaders(request, reply, q, total);
    return present(rows, today);
  }

  app.get('/groups/:id/iterations', async (request, reply) => {
    const group = await findGroup(db, request.actor, parseIdOrPath((request.params as Params).id));
    return listPage(request, reply, (withAncestors) => (withAncestors ? group.traversal_ids : [group.id]));
  });

  app.get('/projects/:id/iterations', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath((request.params as Params).id));
    return listPage(request, reply, (withAncestors) =>
      project.namespace_type !== 'Group'
        ? []
        : withAncestors
          ? project.namespace_traversal_ids
          : [project.namespace_id],
    );
  });

  app.get('/groups/:id/iteration_cadences', async (request, reply) => {
    const group = await findGroup(db, request.actor, parseIdOrPath((request.params as Params).id));
    const q = parseInput(pageParams, request.query);
    const { rows, total } = await listCadences(db, group, { page: q.page, perPage: q.per_page });
    setPaginationHeaders(request, reply, q, total);
    return rows.map(presentCadence);
  });

  app.post('/groups/:id/iteration_cadences', async (request, reply) => {
    requireActor(request.actor);
    const group = await findGroup(db, request.actor, parseIdOrPath((request.params as Params).id));
    const input = parseInput(createCadenceSchema, requestParams(request));
    if (input.automatic && (!input.start_date || !input.duration_in_weeks)) {
      throw badRequest('start_date and duration_in_weeks are required for an automatic cadence', 'start_date');
    }
    const cadence = await createCadence(db, request.actor, group, input, todayIso());
    return reply.status(201).send(presentCadence(cadence));
  });
};
