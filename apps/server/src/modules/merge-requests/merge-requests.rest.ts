import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { gitlabBoolean, parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { listPageOf, registerScopedListRoutes, setListPageHeaders } from '../issuables';
import { redactReferencesIn } from '../markdown';
import { findProject } from '../namespaces';
import { createMergeRequestWithQuickActions, updateMergeRequestWithQuickActions } from '../quick-actions';
import { presentMergeRequest, presentMergeRequestSimple } from './merge-requests.presenter';
import { findMergeRequest, listMergeRequests } from './merge-requests.service';
import { loadMergeRequestDetails, loadMergeRequestPaths } from './mr-details';
import { parseCreateMergeRequest, parseUpdateMergeRequest } from './mr-input';
import { parseMergeRequestFilters, parseMergeRequestListOptions } from './mr-params';
import type { MergeRequestListScope } from './mr-query';
import { deleteMergeRequest, MethodNotAllowedError } from './mr-write.service';

type Params = { id: string; merge_request_iid: string };

const showSchema = z.object({ with_labels_details: gitlabBoolean.optional() }).passthrough();

/**
 * REST v4 merge requests: project, group and global lists; show, create, update, delete. A
 * description's quick actions run on create and update, as GitLab's.
 */
export const mergeRequestsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function list(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: MergeRequestListScope,
    contextPath: string | null,
  ) {
    const query = request.query as Record<string, unknown>;
    const filters = parseMergeRequestFilters(query);
    if ('all' in scope && !filters.scope) filters.scope = request.actor ? 'created_by_me' : 'all';
    const opts = parseMergeRequestListOptions(query, filters);
    const result = await listMergeRequests(db, request.actor, scope, filters, listPageOf(opts), (rows) =>
      opts.simple ? loadMergeRequestPaths(db, rows) : loadMergeRequestDetails(db, request.actor, rows),
    );
    setListPageHeaders(request, reply, opts, result);
    const present = opts.simple ? presentMergeRequestSimple : presentMergeRequest;
    return result.rows.map((row) =>
      present(ctx, row, result.details, { withLabelsDetails: opts.withLabelsDetails, contextPath }),
    );
  }

  async function show(request: FastifyRequest, projectId: number, iid: number, contextPath: string) {
    const row = await findMergeRequest(db, request.actor, projectId, iid);
    const details = await loadMergeRequestDetails(db, request.actor, [row]);
    const q = parseInput(showSchema, request.query);
    return {
      ...presentMergeRequest(ctx, row, details, {
        withLabelsDetails: q.with_labels_details ?? false,
        contextPath,
        withDescriptionHtml: true,
      }),
      description_html: await redactReferencesIn(db, request.actor, row.description_html),
    };
  }

  registerScopedListRoutes(app, db, 'merge_requests', list);

  app.get<{ Params: Params }>('/projects/:id/merge_requests/:merge_request_iid', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.merge_request_iid, 'merge_request_iid');
    return show(request, project.id, iid, project.full_path);
  });

  app.post<{ Params: Params }>('/projects/:id/merge_requests', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const input = parseCreateMergeRequest(requestParams(request));
    const iid = await createMergeRequestWithQuickActions(serviceContext(ctx, request.actor), project, input);
    reply.code(201);
    return show(request, project.id, iid, project.full_path);
  });

  app.put<{ Params: Params }>('/projects/:id/merge_requests/:merge_request_iid', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.merge_request_iid, 'merge_request_iid');
    const input = parseUpdateMergeRequest(requestParams(request));
    try {
      await updateMergeRequestWithQuickActions(serviceContext(ctx, request.actor), project, iid, input);
    } catch (error) {
      if (error instanceof MethodNotAllowedError) return reply.code(405).send({ message: error.message });
      throw error;
    }
    return show(request, project.id, iid, project.full_path);
  });

  app.delete<{ Params: Params }>('/projects/:id/merge_requests/:merge_request_iid', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.merge_request_iid, 'merge_request_iid');
    await deleteMergeRequest(db, request.actor, project, iid);
    return reply.code(204).send();
  });
};
