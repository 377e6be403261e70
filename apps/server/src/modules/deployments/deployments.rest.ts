import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import type { ProjectRow } from '../namespaces';
import { findProject } from '../namespaces';
import { presentUserBasic, usersById } from '../users';
import { projectDeploymentFrequency } from './deployment-frequency.service';
import {
  approvalSchema,
  createDeploymentSchema,
  frequencySchema,
  listDeploymentsSchema,
  updateDeploymentSchema,
} from './deployment-params';
import { deploymentUserIds, presentDeployment } from './deployments.presenter';
import {
  approveDeployment,
  createDeployment,
  type DeploymentRow,
  findDeployment,
  listDeployments,
  loadDeploymentDetails,
  updateDeploymentStatus,
} from './deployments.service';
import { deploymentErrorHandler } from './refusal-handler';

type Params = { id: string; deployment_id?: string };

/** GitLab's deployments API (recorded by CI systems), deployment approvals (IE-79) and deployment frequency (IE-75). */
export const deploymentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(deploymentErrorHandler);
  const project = (request: FastifyRequest) =>
    findProject(db, request.actor, parseIdOrPath((request.params as Params).id));
  const deploymentId = (request: FastifyRequest) =>
    parseIntParam((request.params as Params).deployment_id, 'deployment_id');
  const base = '/projects/:id/deployments';

  async function present(request: FastifyRequest, p: ProjectRow, rows: DeploymentRow[]) {
    const details = await loadDeploymentDetails(db, request.actor, p, rows);
    const users = await usersById(db, deploymentUserIds(rows, details));
    return rows.map((d) => presentDeployment(ctx, d, details, users));
  }

  app.get(base, async (request, reply) => {
    const p = await project(request);
    const q = parseInput(listDeploymentsSchema, request.query);
    const { rows, total } = await listDeployments(db, request.actor, p, {
      orderBy: q.order_by,
      sort: q.sort,
      environment: q.environment,
      status: q.status,
      updatedAfter: q.updated_after,
      updatedBefore: q.updated_before,
      page: q.page,
      perPage: q.per_page,
    });
    setPaginationHeaders(request, reply, q, total);
    return present(request, p, rows);
  });

  app.post(base, async (request, reply) => {
    const p = await project(request);
    const input = parseInput(createDeploymentSchema, requestParams(request));
    const row = await createDeployment(db, request.actor, p, input);
    return reply.status(201).send((await present(request, p, [row]))[0]);
  });

  app.get(`${base}/:deployment_id`, async (request) => {
    const p = await project(request);
    return (await present(request, p, [await findDeployment(db, request.actor, p, deploymentId(request))]))[0];
  });

  app.put(`${base}/:deployment_id`, async (request) => {
    const p = await project(request);
    const input = parseInput(updateDeploymentSchema, requestParams(request));
    const row = await updateDeploymentStatus(db, request.actor, p, deploymentId(request), input.status);
    return (await present(request, p, [row]))[0];
  });

  app.post(`${base}/:deployment_id/approval`, async (request, reply) => {
    const p = await project(request);
    const input = parseInput(approvalSchema, requestParams(request));
    const approval = await approveDeployment(db, request.actor, p, deploymentId(request), input);
    const user = (await usersById(db, [approval.user_id])).get(approval.user_id);
    return reply.status(201).send({
      user: user ? presentUserBasic(ctx, user) : null,
      status: approval.status,
      created_at: approval.created_at.toISOString(),
      comment: approval.comment,
    });
  });

  app.get('/projects/:id/analytics/deployment_frequency', async (request) => {
    const p = await project(request);
    const q = parseInput(frequencySchema, request.query);
    return projectDeploymentFrequency(db, request.actor, p, q);
  });
};
