import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { iidList } from '../../rest/gitlab-list-params';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, parseIdOrPath, parseInput } from '../../rest/params';
import { findProject, webUrl } from '../namespaces';
import { projectAncestorGroups } from './project-groups.service';

const listParams = pageParams.extend({
  search: z.string().max(255).optional(),
  skip_groups: iidList.optional(),
  with_shared: gitlabBoolean.optional(),
  shared_visible_only: gitlabBoolean.optional(),
  shared_min_access_level: z.coerce.number().int().min(0).max(50).optional(),
});

/**
 * IE-76: `GET /projects/:id/groups` (and `.json`, as GitLab's web client asks it): the project's
 * ancestor groups, GitLab's `PublicGroupDetails` entity, paginated.
 */
export const projectGroupsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const path of ['/projects/:id/groups', '/projects/:id/groups.json']) {
    app.get<{ Params: { id: string } }>(path, async (request, reply) => {
      const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
      const params = parseInput(listParams, request.query);
      const { rows, total } = await projectAncestorGroups(db, project, params, params);
      setPaginationHeaders(request, reply, params, total);
      return rows.map((g) => ({
        id: g.id,
        web_url: webUrl(ctx, g.full_path),
        name: g.name,
        avatar_url: g.avatar_url,
        full_name: g.full_name,
        full_path: g.full_path,
      }));
    });
  }
};
