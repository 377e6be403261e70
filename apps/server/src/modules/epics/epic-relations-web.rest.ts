import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { Actor } from '../../policy/actor';
import { parseIntParam } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { namespacePathRoutes } from '../namespaces';
import { unassignChildEpic } from './epic-children.service';
import { findGroupEpic } from './epics.service';
import { removeEpicIssue } from './issues/epic-issues.service';

type Params = Record<string, string | undefined>;

/**
 * IE-15: `DELETE {relationPath}` of an epic-tree row, beside the pages (outside /api/v4) as GitLab:
 * `/groups/<group>/-/epics/<iid>/issues/<epic_issue_id>` unlinks an issue from the epic and
 * `/groups/<group>/-/epics/<iid>/links/<child epic id>` a child epic. Cookie-session writes carry the
 * CSRF header (auth plugin); the services are the ones the /api/v4 routes call. Hidden epic or
 * child → 404; no admin_epic_relation on the parent → 403.
 */
export const epicRelationsWebRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const path of namespacePathRoutes('group')) {
    const base = path.url('epics/:iid');
    const parentOf = (params: Params, actor: Actor | null) =>
      findGroupEpic(
        db,
        actor,
        { group: { fullPath: path.fullPath(params) }, iid: parseIntParam(params.iid, 'iid') },
        { forWrite: true },
      );

    app.delete(`${base}/issues/:epic_issue_id`, async (request) => {
      const params = request.params as Params;
      const { epic } = await parentOf(params, request.actor);
      const row = await removeEpicIssue(db, request.actor, epic, parseIntParam(params.epic_issue_id, 'epic_issue_id'));
      return { message: 'Issue removed from the epic', issue: { id: row.id, iid: row.iid } };
    });

    app.delete(`${base}/links/:child_epic_id`, async (request) => {
      const params = request.params as Params;
      const { epic } = await parentOf(params, request.actor);
      const child = await unassignChildEpic(
        serviceContext(ctx, request.actor),
        epic,
        parseIntParam(params.child_epic_id, 'child_epic_id'),
      );
      return { message: 'Epic removed from its parent', epic: { id: child.id, iid: child.iid } };
    });
  }
};
