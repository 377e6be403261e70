import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseInput } from '../../rest/params';
import { findProject } from '../namespaces';
import { codeReviewFilters, codeReviewSchema, groupActivitySchema } from './analytics-params';
import { presentCodeReviewMergeRequest } from './code-review.presenter';
import { listCodeReview } from './code-review.service';
import { type GroupActivityCount, groupActivityCount } from './group-activity.service';

const GROUP_ACTIVITY_COUNTS: GroupActivityCount[] = ['issues_count', 'merge_requests_count', 'new_members_count'];

/** GitLab's analytics API: group activity counts (IE-74) and code review analytics (IE-73). */
export const analyticsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  for (const count of GROUP_ACTIVITY_COUNTS) {
    app.get(`/analytics/group_activity/${count}`, async (request) => {
      // GitLab authenticates these calls before it validates their parameters.
      requireActor(request.actor);
      const { group_path: groupPath } = parseInput(groupActivitySchema, request.query);
      return { [count]: await groupActivityCount(db, request.actor, groupPath, count) };
    });
  }

  app.get('/analytics/code_review', async (request, reply) => {
    const q = parseInput(codeReviewSchema, request.query);
    const project = await findProject(db, request.actor, { id: q.project_id });
    const result = await listCodeReview(db, request.actor, project, codeReviewFilters(q), {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(request, reply, q, result.total);
    const now = new Date();
    return result.rows.map((row) => presentCodeReviewMergeRequest(ctx, row, result.details, now));
  });
};
