import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../../policy/actor';
import { gitlabId } from '../../rest/gitlab-list-params';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { loadIssueDetails, presentIssue } from '../issues';
import { findProject, type ProjectRow } from '../namespaces';
import {
  createIssueLink,
  deleteIssueLink,
  findIssueLink,
  type IssueLinkResult,
  listIssueLinks,
} from './issue-links.service';
import { createIssueLinksByReferences } from './issue-links-by-reference';

type Params = { id: string; issue_iid: string; issue_link_id: string };

const linkType = z.enum(['relates_to', 'blocks', 'is_blocked_by']).optional();
const createSchema = z.object({
  target_project_id: z.union([z.string().min(1).max(1000), z.number().int().min(1)]).transform(String),
  target_issue_iid: gitlabId,
  link_type: linkType,
});
/** The web app's form (IE §5): references or URLs as typed, several at once. */
const byReferencesSchema = z.object({
  issuable_references: z.array(z.string().max(2048)).max(100),
  link_type: linkType,
});

/** REST v4 issue links: list, create, delete. */
export const issueLinksRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function presentLink(actor: Actor | null, result: IssueLinkResult) {
    const details = await loadIssueDetails(db, actor, [result.source, result.target]);
    return {
      source_issue: presentIssue(ctx, result.source, details),
      target_issue: presentIssue(ctx, result.target, details),
      link_type: result.link_type,
    };
  }

  /** The issues linked to one issue, as the list presents them. */
  async function presentLinkedIssues(actor: Actor | null, project: ProjectRow, iid: number) {
    const links = await listIssueLinks(db, actor, project, iid);
    const details = await loadIssueDetails(
      db,
      actor,
      links.map((l) => l.issue),
    );
    return links.map((l) => ({
      ...presentIssue(ctx, l.issue, details, { contextPath: project.full_path }),
      issue_link_id: l.issue_link_id,
      link_type: l.link_type,
      link_created_at: l.link_created_at.toISOString(),
      link_updated_at: l.link_updated_at.toISOString(),
    }));
  }

  app.get<{ Params: Params }>('/projects/:id/issues/:issue_iid/links', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    return presentLinkedIssues(request.actor, project, parseIntParam(request.params.issue_iid, 'issue_iid'));
  });

  app.post<{ Params: Params }>('/projects/:id/issues/:issue_iid/links', async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const params = requestParams(request);
    reply.code(201);
    if (params.issuable_references !== undefined) {
      const input = parseInput(byReferencesSchema, params);
      await createIssueLinksByReferences(db, request.actor, project, iid, input);
      return { message: null, issuables: await presentLinkedIssues(request.actor, project, iid) };
    }
    const result = await createIssueLink(db, request.actor, project, iid, parseInput(createSchema, params));
    return presentLink(request.actor, result);
  });

  app.get<{ Params: Params }>('/projects/:id/issues/:issue_iid/links/:issue_link_id', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const linkId = parseIntParam(request.params.issue_link_id, 'issue_link_id');
    const { issue: _issue, ...result } = await findIssueLink(db, request.actor, project, iid, linkId);
    return presentLink(request.actor, result);
  });

  app.delete<{ Params: Params }>('/projects/:id/issues/:issue_iid/links/:issue_link_id', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    const iid = parseIntParam(request.params.issue_iid, 'issue_iid');
    const linkId = parseIntParam(request.params.issue_link_id, 'issue_link_id');
    return presentLink(request.actor, await deleteIssueLink(db, request.actor, project, iid, linkId));
  });
};
