import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { DomainError, statusForCode } from '../../../errors';
import { canEpic } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import { errorHandler } from '../../../rest/error-handler';
import { applyGitlabTransport } from '../../../rest/gitlab-transport';
import { parseInput, parseIntParam, requestParams } from '../../../rest/params';
import { serviceContext } from '../../../service-context';
import { loadIssueDetails, presentIssue } from '../../issues';
import type { GroupRow } from '../../namespaces';
import { namespacePathRoutes } from '../../namespaces';
import type { EpicRow } from '../epic-query';
import { presentEpics } from '../epics.presenter';
import { epicSubject, findGroupEpic, listChildEpics } from '../epics.service';
import { listEpicIssues } from '../issues/epic-issues.service';
import { addChildEpicsByReferences, addEpicIssuesByReferences } from './epic-tree-links.service';

const referencesSchema = z.object({ issuable_references: z.array(z.string().max(2048)).min(1).max(100) });

/**
 * IE-10, GitLab's epic page endpoints beside the pages (outside /api/v4), for the child-items panel's
 * add form: `POST /groups/<group path>/-/epics/:iid/issues` and `…/links`, body
 * `{ issuable_references: [...] }`, answer `{ message, issuables }` (the epic's issues or child
 * epics after the add, each with `can_admin` and its `relation_path`). Errors answer `{ message }`.
 * Thin callers of the relation services; one route per group path depth.
 */
export const epicTreeLinksRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  applyGitlabTransport(app);
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof DomainError)) return errorHandler(error as Error, request, reply);
    return reply
      .status(statusForCode[error.code])
      .send({ message: error.message, ...(error.field ? { field: error.field } : {}) });
  });

  const relationBase = (group: GroupRow, epic: EpicRow) => `/groups/${group.full_path}/-/epics/${epic.iid}`;

  async function epicIssuables(actor: Actor | null, group: GroupRow, epic: EpicRow) {
    const { rows } = await listEpicIssues(db, actor, epic, { limit: 100, offset: 0 });
    const details = await loadIssueDetails(db, actor, rows);
    const canAdmin = canEpic(actor, 'admin_epic_relation', epicSubject(epic));
    return rows.map((r) => ({
      ...presentIssue(ctx, r, details, { contextPath: group.full_path }),
      epic_issue_id: r.epic_issue_id,
      relative_position: r.epic_issue_position,
      can_admin: canAdmin,
      relation_path: `${relationBase(group, epic)}/issues/${r.epic_issue_id}`,
    }));
  }

  async function childIssuables(actor: Actor | null, group: GroupRow, epic: EpicRow) {
    const rows = await listChildEpics(db, actor, epic.id);
    const presented = await presentEpics(db, ctx, rows, { viewer: { actor }, fromGroupId: group.id });
    const canAdmin = canEpic(actor, 'admin_epic_relation', epicSubject(epic));
    return presented.map((json, i) => ({
      ...json,
      can_admin: canAdmin,
      relation_path: `${relationBase(group, epic)}/links/${rows[i]?.id}`,
    }));
  }

  /** What each add form adds (`…/issues`: issues, `…/links`: child epics) and lists back. */
  const relations = [
    ['issues', { add: addEpicIssuesByReferences, list: epicIssuables }],
    ['links', { add: addChildEpicsByReferences, list: childIssuables }],
  ] as const;

  for (const route of namespacePathRoutes('group')) {
    const pathOf = (params: Record<string, string>) => ({
      group: { fullPath: route.fullPath(params) },
      iid: parseIntParam(params.iid, 'iid'),
    });

    for (const [relation, { add, list }] of relations) {
      app.post(route.url(`epics/:iid/${relation}`), async (request) => {
        const { group, epic } = await findGroupEpic(
          db,
          request.actor,
          pathOf(request.params as Record<string, string>),
          {
            forWrite: true,
          },
        );
        const input = parseInput(referencesSchema, requestParams(request));
        const outcome = await add(serviceContext(ctx, request.actor), epic, input.issuable_references);
        return { message: outcome.message, issuables: await list(request.actor, group, epic) };
      });
    }
  }
};
