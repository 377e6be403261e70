import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { requireActor } from '../../policy/require-actor';
import { errorHandler } from '../../rest/error-handler';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { findMergeRequest, presentMergeRequestFor } from '../merge-requests';
import { findProject } from '../namespaces';
import {
  createStatusCheckSchema,
  listStatusChecksSchema,
  statusCheckResponseSchema,
  updateStatusCheckSchema,
} from './status-check-params';
import { StatusCheckRefusal } from './status-check-refusal';
import { mergeRequestStatusChecks, respondToStatusCheck, retryStatusCheck } from './status-check-responses.service';
import { presentMergeRequestStatusCheck, presentStatusCheck } from './status-checks.presenter';
import { createStatusCheck, deleteStatusCheck, listStatusChecks, updateStatusCheck } from './status-checks.service';

type Params = { id: string; check_id?: string; merge_request_iid?: string; external_status_check_id?: string };

/** A path id: a positive integer, else 400 naming it. */
function idParam(raw: string | undefined, field: string): number {
  const id = parseIntParam(raw, field);
  if (id < 1) throw badRequest(`${field} is invalid`, field);
  return id;
}

function statusCheckErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof StatusCheckRefusal) return reply.status(error.status).send(error.body);
  return errorHandler(error, request, reply);
}

/**
 * GitLab's external status checks API (IE-83): a project's checks (Maintainer and up), and on a
 * merge request its checks' statuses, the external services' answers and the retry of a failed
 * check (Developer and up). Every call needs a signed-in user (GitLab's `authenticate!`).
 */
export const statusChecksRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(statusCheckErrorHandler);
  const project = (request: FastifyRequest) => {
    requireActor(request.actor);
    return findProject(db, request.actor, parseIdOrPath((request.params as Params).id));
  };
  const checkId = (request: FastifyRequest) => idParam((request.params as Params).check_id, 'check_id');
  const mergeRequest = async (request: FastifyRequest) => {
    const p = await project(request);
    const iid = idParam((request.params as Params).merge_request_iid, 'merge_request_iid');
    return { project: p, mr: await findMergeRequest(db, request.actor, p.id, iid) };
  };
  const base = '/projects/:id/external_status_checks';
  const mrBase = '/projects/:id/merge_requests/:merge_request_iid';

  app.get(base, async (request, reply) => {
    const p = await project(request);
    const page = parseInput(listStatusChecksSchema, request.query);
    const { rows, total } = await listStatusChecks(db, request.actor, p, page);
    setPaginationHeaders(request, reply, page, total);
    return rows.map(presentStatusCheck);
  });

  app.post(base, async (request, reply) => {
    const p = await project(request);
    const input = parseInput(createStatusCheckSchema, requestParams(request));
    return reply.status(201).send(presentStatusCheck(await createStatusCheck(db, request.actor, p, input)));
  });

  app.put(`${base}/:check_id`, async (request) => {
    const p = await project(request);
    const id = checkId(request);
    const input = parseInput(updateStatusCheckSchema, requestParams(request));
    return presentStatusCheck(await updateStatusCheck(db, request.actor, p, id, input));
  });

  app.delete(`${base}/:check_id`, async (request, reply) => {
    const p = await project(request);
    await deleteStatusCheck(db, request.actor, p, checkId(request));
    return reply.status(204).send();
  });

  app.get(`${mrBase}/status_checks`, async (request, reply) => {
    const { project: p, mr } = await mergeRequest(request);
    const page = parseInput(listStatusChecksSchema, request.query);
    const { rows, total } = await mergeRequestStatusChecks(db, request.actor, p, mr, page);
    setPaginationHeaders(request, reply, page, total);
    // GitLab's polling hint for the merge request widget.
    reply.header('Poll-Interval', '10000');
    return rows.map(({ check, status }) => presentMergeRequestStatusCheck(check, status));
  });

  app.post(`${mrBase}/status_check_responses`, async (request, reply) => {
    const { project: p, mr } = await mergeRequest(request);
    const input = parseInput(statusCheckResponseSchema, requestParams(request));
    const { response, check } = await respondToStatusCheck(db, request.actor, p, mr, input);
    return reply.status(201).send({
      id: response.id,
      merge_request: await presentMergeRequestFor(ctx, db, request.actor, mr, p.full_path),
      external_status_check: presentStatusCheck(check),
    });
  });

  app.post(`${mrBase}/status_checks/:external_status_check_id/retry`, async (request, reply) => {
    const { project: p, mr } = await mergeRequest(request);
    const id = idParam((request.params as Params).external_status_check_id, 'external_status_check_id');
    await retryStatusCheck(serviceContext(ctx, request.actor), p, mr, id);
    return reply.status(202).send({ message: '202 Accepted' });
  });
};
