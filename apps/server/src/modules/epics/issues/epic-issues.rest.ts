import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import type { Actor } from '../../../policy/actor';
import { pageParams, setPaginationHeaders } from '../../../rest/pagination';
import { parseInput, parseIntParam, requestParams } from '../../../rest/params';
import type { IssueRow } from '../../issues';
import { loadIssueDetails, presentIssue } from '../../issues';
import { epicPathParams, moveParams } from '../epic-params';
import { presentEpics } from '../epics.presenter';
import { findGroupEpic } from '../epics.service';
import { assignIssue, listEpicIssues, removeEpicIssue, reorderEpicIssue } from './epic-issues.service';

type Params = { issue_id?: string; epic_issue_id?: string };

/** Epic issues: /groups/:id/epics/:epic_iid/issues[/:issue_id | /:epic_issue_id]. */
export const epicIssuesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function presentIssues(
    actor: Actor | null,
    rows: Array<IssueRow & { epic_issue_id?: number; epic_issue_position?: number | null }>,
    contextPath: string,
  ) {
    const details = await loadIssueDetails(db, actor, rows);
    return rows.map((r) => ({
      ...presentIssue(ctx, r, details, { contextPath }),
      ...(r.epic_issue_id !== undefined ? { epic_issue_id: r.epic_issue_id } : {}),
      ...(r.epic_issue_position !== undefined ? { relative_position: r.epic_issue_position } : {}),
    }));
  }

  app.get('/groups/:id/epics/:epic_iid/issues', async (request, reply) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params));
    const page = parseInput(pageParams, requestParams(request));
    const result = await listEpicIssues(db, request.actor, epic, {
      limit: page.per_page,
      offset: (page.page - 1) * page.per_page,
    });
    setPaginationHeaders(request, reply, page, result.total);
    return presentIssues(request.actor, result.rows, group.full_path);
  });

  app.post('/groups/:id/epics/:epic_iid/issues/:issue_id', async (request, reply) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const issueId = parseIntParam((request.params as Params).issue_id, 'issue_id');
    const { epicIssueId, issue } = await assignIssue(db, request.actor, epic, issueId);
    const [epicJson] = await presentEpics(db, ctx, [epic], { fromGroupId: group.id, viewer: { actor: request.actor } });
    const [issueJson] = await presentIssues(request.actor, [{ ...issue, epic_issue_id: epicIssueId }], group.full_path);
    return reply.status(201).send({ id: epicIssueId, epic: epicJson, issue: issueJson });
  });

  app.delete('/groups/:id/epics/:epic_iid/issues/:epic_issue_id', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const epicIssueId = parseIntParam((request.params as Params).epic_issue_id, 'epic_issue_id');
    const row = await removeEpicIssue(db, request.actor, epic, epicIssueId);
    const [epicJson] = await presentEpics(db, ctx, [epic], { fromGroupId: group.id, viewer: { actor: request.actor } });
    const [issueJson] = await presentIssues(request.actor, [row], group.full_path);
    return { id: epicIssueId, epic: epicJson, issue: issueJson };
  });

  app.put('/groups/:id/epics/:epic_iid/issues/:epic_issue_id', async (request) => {
    const { group, epic } = await findGroupEpic(db, request.actor, epicPathParams(request.params), { forWrite: true });
    const epicIssueId = parseIntParam((request.params as Params).epic_issue_id, 'epic_issue_id');
    const move = parseInput(moveParams, requestParams(request));
    await reorderEpicIssue(db, request.actor, epic, epicIssueId, move);
    const result = await listEpicIssues(db, request.actor, epic, { limit: 100, offset: 0 });
    return presentIssues(request.actor, result.rows, group.full_path);
  });
};
