import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findProject } from '../namespaces/namespace-lookup.service';
import { nameParam, pathParam, visibilityParam } from '../namespaces/namespace-params';
import { projectListParams } from './project-list-params';
import { presentProject } from './projects.presenter';
import { createProject, deleteProject, updateProject } from './projects.service';
import { listProjects } from './projects-list.service';

const editable = {
  name: nameParam.optional(),
  path: pathParam.optional(),
  visibility: visibilityParam.optional(),
  description: z.string().max(2000).optional(),
  issues_enabled: gitlabBoolean.optional(),
  merge_requests_enabled: gitlabBoolean.optional(),
};

const createParams = z.object({
  ...editable,
  namespace_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

const updateParams = z.object({
  ...editable,
  archived: gitlabBoolean.optional(),
  default_branch: z.string().min(1).max(255).optional(),
});

/** GitLab REST v4 projects: list, show, create, update, delete. */
export const projectsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/projects', async (request, reply) => {
    const params = parseInput(projectListParams, request.query);
    const { rows, total } = await listProjects(db, request.actor, params, params);
    setPaginationHeaders(request, reply, params, total);
    return rows.map((r) => presentProject(ctx, r));
  });

  app.get<{ Params: { id: string } }>('/projects/:id', async (request) => {
    return presentProject(ctx, await findProject(db, request.actor, parseIdOrPath(request.params.id)));
  });

  app.post('/projects', async (request, reply) => {
    const input = parseInput(createParams, requestParams(request));
    const project = await createProject(db, request.actor, input);
    return reply.status(201).send(presentProject(ctx, project));
  });

  app.put<{ Params: { id: string } }>('/projects/:id', async (request) => {
    const idOrPath = parseIdOrPath(request.params.id);
    const input = parseInput(updateParams, requestParams(request));
    return presentProject(ctx, await updateProject(db, request.actor, idOrPath, input));
  });

  app.delete<{ Params: { id: string } }>('/projects/:id', async (request, reply) => {
    await deleteProject(db, request.actor, parseIdOrPath(request.params.id));
    return reply.status(202).send({ message: '202 Accepted' });
  });
};
