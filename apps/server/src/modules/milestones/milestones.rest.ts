import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { loadIssueDetails, presentIssue } from '../issues';
import { findContainer, fullPathsOfNamespaces, projectQuery } from '../namespaces';
import { listMilestoneIssues } from './milestone-issues';
import { createMilestoneSchema, listMilestonesSchema, updateMilestoneSchema } from './milestone-params';
import { presentMilestone, seedPaths } from './milestones.presenter';
import {
  createMilestone,
  deleteMilestone,
  findMilestone,
  listMilestones,
  type MilestoneContainer,
  type MilestoneRow,
  updateMilestone,
} from './milestones.service';

type Params = { id: string; milestone_id?: string };

/** Full paths of projects by id, in one query (milestones of descendant projects). */
async function projectPaths(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await projectQuery(db)
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.full_path]));
}

const milestoneContainerFor = (
  db: Database,
  request: FastifyRequest,
  kind: 'project' | 'group',
): Promise<MilestoneContainer> => findContainer(db, request.actor, kind, parseIdOrPath((request.params as Params).id));

/** GitLab's project and group milestone endpoints. */
export const milestonesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function present(container: MilestoneContainer, rows: MilestoneRow[]) {
    const paths = seedPaths(container);
    const missing = rows.map((r) => r.group_id).filter((id): id is number => id !== null && !paths.groups.has(id));
    for (const [id, path] of await fullPathsOfNamespaces(db, missing)) paths.groups.set(id, path);
    const missingProjects = rows
      .map((r) => r.project_id)
      .filter((id): id is number => id !== null && !paths.projects.has(id));
    for (const [id, path] of await projectPaths(db, missingProjects)) paths.projects.set(id, path);
    return rows.map((r) => presentMilestone(ctx, r, paths));
  }

  const milestoneId = (request: FastifyRequest) =>
    parseIntParam((request.params as Params).milestone_id, 'milestone_id');

  for (const kind of ['project', 'group'] as const) {
    const base = kind === 'project' ? '/projects/:id/milestones' : '/groups/:id/milestones';

    app.get(base, async (request, reply) => {
      const container = await milestoneContainerFor(db, request, kind);
      const q = parseInput(listMilestonesSchema, request.query);
      const { rows, total } = await listMilestones(db, request.actor, container, {
        state: q.state,
        title: q.title,
        search: q.search ?? q.search_title,
        iids: q.iids,
        includeAncestors: q.include_ancestors ?? q.include_parent_milestones ?? false,
        includeDescendants: kind === 'group' && q.include_descendants,
        updatedBefore: q.updated_before,
        updatedAfter: q.updated_after,
        page: q.page,
        perPage: q.per_page,
      });
      setPaginationHeaders(request, reply, q, total);
      return present(container, rows);
    });

    app.post(base, async (request, reply) => {
      requireActor(request.actor);
      const container = await milestoneContainerFor(db, request, kind);
      const input = parseInput(createMilestoneSchema, requestParams(request));
      const row = await createMilestone(db, request.actor, container, input);
      return reply.status(201).send((await present(container, [row]))[0]);
    });

    app.get(`${base}/:milestone_id`, async (request) => {
      const container = await milestoneContainerFor(db, request, kind);
      const row = await findMilestone(db, container, milestoneId(request));
      return (await present(container, [row]))[0];
    });

    app.get(`${base}/:milestone_id/issues`, async (request, reply) => {
      const container = await milestoneContainerFor(db, request, kind);
      const milestone = await findMilestone(db, container, milestoneId(request));
      const q = parseInput(pageParams, request.query);
      const { rows, total } = await listMilestoneIssues(db, request.actor, milestone, {
        page: q.page,
        perPage: q.per_page,
      });
      const details = await loadIssueDetails(db, request.actor, rows);
      setPaginationHeaders(request, reply, q, total);
      return rows.map((row) => presentIssue(ctx, row, details));
    });

    app.put(`${base}/:milestone_id`, async (request) => {
      requireActor(request.actor);
      const container = await milestoneContainerFor(db, request, kind);
      const input = parseInput(updateMilestoneSchema, requestParams(request));
      const row = await updateMilestone(db, request.actor, container, milestoneId(request), input);
      return (await present(container, [row]))[0];
    });

    app.delete(`${base}/:milestone_id`, async (request, reply) => {
      requireActor(request.actor);
      const container = await milestoneContainerFor(db, request, kind);
      await deleteMilestone(db, request.actor, container, milestoneId(request));
      return reply.status(204).send();
    });
  }
};
