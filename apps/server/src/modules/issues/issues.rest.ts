import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { canIssue } from '../../policy/abilities';
import { gitlabId } from '../../rest/gitlab-list-params';
import { gitlabBoolean, parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { listPageOf, projectFullPath, registerScopedListRoutes, setListPageHeaders } from '../issuables';
import { readableHtmlOf } from '../markdown';
import { findProject } from '../namespaces';
import { createIssueWithQuickActions, updateIssueWithQuickActions } from '../quick-actions';
import { isSubscribed, listParticipants, setSubscription } from '../subscriptions';
import { presentUserBasic } from '../users';
import { closedAsLinks } from './issue-closed-as';
import { loadIssueDetails } from './issue-details';
import { createNoteEmail } from './issue-email';
import { isFirstContribution } from './issue-first-contribution';
import { parseCreateIssue, parseUpdateIssue } from './issue-input';
import { moveIssue } from './issue-move.service';
import { parseIssueFilters, parseIssueListOptions } from './issue-params';
import { reorderIssue } from './issue-reorder.service';
import { deleteIssue } from './issue-write.service';
import { presentIssue } from './issues.presenter';
import { findIssue, issueSubject, issueSubjectOf, listIssues } from './issues.service';
import type { IssueListScope, IssueRow } from './issues-query';

const showQuery = z.object({ with_labels_details: gitlabBoolean.default(false) });

type Params = { id: string; issue_iid: string };

/** GitLab's `POST …/issues/:iid/move` parameters. */
const moveSchema = z.object({ to_project_id: gitlabId });

const reorderSchema = z.object({
  move_before_id: gitlabId.optional(),
  move_after_id: gitlabId.optional(),
});

/** REST v4 issues: project, group and global lists; show, create, update, delete. */
export const issuesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function list(request: FastifyRequest, reply: FastifyReply, scope: IssueListScope, contextPath: string | null) {
    const query = request.query as Record<string, unknown>;
    const filters = parseIssueFilters(query);
    if ('all' in scope && !filters.scope) filters.scope = request.actor ? 'created_by_me' : 'all';
    const opts = parseIssueListOptions(query, filters);
    const result = await listIssues(db, request.actor, scope, filters, listPageOf(opts), (rows) =>
      loadIssueDetails(db, request.actor, rows),
    );
    setListPageHeaders(request, reply, opts, result);
    return result.rows.map((row) =>
      presentIssue(ctx, row, result.details, { withLabelsDetails: opts.withLabelsDetails, contextPath }),
    );
  }

  async function show(
    request: FastifyRequest,
    projectId: number,
    iid: number,
    contextPath: string,
    found?: Promise<IssueRow>,
  ) {
    const { with_labels_details: withLabelsDetails } = parseInput(showQuery, request.query);
    const row = await (found ?? findIssue(db, request.actor, projectId, iid));
    // Everything below needs only the row, so it runs side by side: one round trip, not two.
    const withDetails = loadIssueDetails(db, request.actor, [row]).then(async (details) => {
      const assigneeIds = (details.assignees.get(row.id) ?? []).map((u) => u.id);
      const noteEmail = await createNoteEmail(ctx, request.actor, {
        issue: issueSubjectOf(row, assigneeIds),
        projectId: row.project_id,
        projectFullPath: projectFullPath(row, details),
        iid: row.iid,
      });
      return { details, noteEmail };
    });
    const [{ details, noteEmail }, subscribed, closedAs, firstContribution, descriptionHtml] = await Promise.all([
      withDetails,
      isSubscribed(db, request.actor, { type: 'Issue', id: row.id }),
      closedAsLinks(db, ctx, request.actor, row),
      isFirstContribution(db, row),
      readableHtmlOf(db, request.actor, { table: 'issues', id: row.id, html: row.description_html }),
    ]);
    return {
      ...presentIssue(ctx, row, details, { withLabelsDetails, contextPath, withDescriptionHtml: true }),
      description_html: descriptionHtml,
      subscribed,
      ...closedAs,
      is_first_contribution: firstContribution,
      create_note_email: noteEmail,
    };
  }

  registerScopedListRoutes(app, db, 'issues', list);

  app.get<{ Params: Params }>('/projects/:id/issues/:issue_iid', async (request) => {
    const idOrPath = parseIdOrPath(request.params.id);
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    // By project id, the issue is looked up beside its project (one round trip fewer); its answer,
    // or its 404, counts only once the project is known readable.
    const issue = 'id' in idOrPath ? findIssue(db, request.actor, idOrPath.id, iid) : undefined;
    issue?.catch(() => undefined);
    const project = await findProject(db, request.actor, idOrPath);
    return show(request, project.id, iid, project.full_path, issue);
  });

  app.post<{ Params: Params }>('/projects/:id/issues', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const input = parseCreateIssue(requestParams(request));
    const iid = await createIssueWithQuickActions(serviceContext(ctx, request.actor), project, input);
    reply.code(201);
    return show(request, project.id, iid, project.full_path);
  });

  app.put<{ Params: Params }>('/projects/:id/issues/:issue_iid', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const input = parseUpdateIssue(requestParams(request));
    await updateIssueWithQuickActions(serviceContext(ctx, request.actor), project, iid, input);
    return show(request, project.id, iid, project.full_path);
  });

  app.put<{ Params: Params }>('/projects/:id/issues/:issue_iid/reorder', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const moves = parseInput(reorderSchema, requestParams(request));
    await reorderIssue(db, request.actor, project, iid, moves);
    return show(request, project.id, iid, project.full_path);
  });

  app.post<{ Params: Params }>('/projects/:id/issues/:issue_iid/move', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const { to_project_id: to } = parseInput(moveSchema, requestParams(request));
    const moved = await moveIssue(serviceContext(ctx, request.actor), project, iid, { id: to });
    reply.code(201);
    return show(request, moved.project.id, moved.issue.iid, moved.project.full_path, Promise.resolve(moved.issue));
  });

  for (const action of ['subscribe', 'unsubscribe'] as const) {
    app.post<{ Params: Params }>(`/projects/:id/issues/:issue_iid/${action}`, async (request, reply) => {
      const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
      const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
      const issue = await findIssue(db, request.actor, project.id, iid);
      const changed = await setSubscription(db, request.actor, { type: 'Issue', id: issue.id }, action === 'subscribe');
      if (!changed) return reply.status(304).send();
      reply.code(201);
      return show(request, project.id, iid, project.full_path);
    });
  }

  app.get<{ Params: Params }>('/projects/:id/issues/:issue_iid/participants', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const issue = await findIssue(db, request.actor, project.id, parseIntParam(request.params.issue_iid, 'issue_iid'));
    const subject = await issueSubject(db, issue);
    const users = await listParticipants(db, { type: 'Issue', id: issue.id }, (user) =>
      canIssue(user, 'read_issue', subject),
    );
    return users.map((user) => presentUserBasic(ctx, user));
  });

  app.delete<{ Params: Params }>('/projects/:id/issues/:issue_iid', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    await deleteIssue(db, request.actor, project, parseIntParam(request.params.issue_iid, 'issue_iid'));
    return reply.code(204).send();
  });
};
