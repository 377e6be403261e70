import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { findProject } from '../namespaces';
import { usersById } from '../users';
import { createEnvironmentSchema, listEnvironmentsSchema, updateEnvironmentSchema } from './deployment-params';
import { deploymentUserIds, presentDeployment, presentEnvironment } from './deployments.presenter';
import { loadDeploymentDetails } from './deployments.service';
import {
  createEnvironment,
  deleteEnvironment,
  findEnvironment,
  listEnvironments,
  stopEnvironment,
  updateEnvironment,
} from './environments.service';
import { deploymentErrorHandler } from './refusal-handler';

type Params = { id: string; environment_id?: string };

/** GitLab's project environments API (IE-80's environments; GitLab's field names). */
export const environmentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(deploymentErrorHandler);
  const project = (request: FastifyRequest) =>
    findProject(db, request.actor, parseIdOrPath((request.params as Params).id));
  const environmentId = (request: FastifyRequest) =>
    parseIntParam((request.params as Params).environment_id, 'environment_id');
  const base = '/projects/:id/environments';

  app.get(base, async (request, reply) => {
    const p = await project(request);
    const q = parseInput(listEnvironmentsSchema, request.query);
    const { rows, total } = await listEnvironments(db, request.actor, p, {
      name: q.name,
      search: q.search,
      states: q.states,
      page: q.page,
      perPage: q.per_page,
    });
    setPaginationHeaders(request, reply, q, total);
    return rows.map(presentEnvironment);
  });

  app.post(base, async (request, reply) => {
    const p = await project(request);
    const input = parseInput(createEnvironmentSchema, requestParams(request));
    const row = await createEnvironment(db, request.actor, p, input);
    return reply.status(201).send(presentEnvironment(row));
  });

  app.get(`${base}/:environment_id`, async (request) => {
    const p = await project(request);
    const env = await findEnvironment(db, request.actor, p, environmentId(request));
    const last = await db
      .selectFrom('deployments')
      .selectAll()
      .where('environment_id', '=', env.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const details = await loadDeploymentDetails(db, request.actor, p, last);
    const users = await usersById(db, deploymentUserIds(last, details));
    const [deployment] = last.map((d) => presentDeployment(ctx, d, details, users));
    return Object.assign(presentEnvironment(env), { last_deployment: deployment ?? null });
  });

  app.put(`${base}/:environment_id`, async (request) => {
    const p = await project(request);
    const input = parseInput(updateEnvironmentSchema, requestParams(request));
    return presentEnvironment(await updateEnvironment(db, request.actor, p, environmentId(request), input));
  });

  app.post(`${base}/:environment_id/stop`, async (request) => {
    const p = await project(request);
    return presentEnvironment(await stopEnvironment(db, request.actor, p, environmentId(request)));
  });

  app.delete(`${base}/:environment_id`, async (request, reply) => {
    const p = await project(request);
    await deleteEnvironment(db, request.actor, p, environmentId(request));
    return reply.status(204).send();
  });
};
