import { AccessLevel, Visibility } from '../../policy/access-levels';
import type { CellInput, RestEntry } from './catalogue-types';
import type { Outcome } from './oracle';
import { entry } from './rest-catalogue-helpers';

/**
 * IE-74, group activity: GitLab authenticates first (401), then finds the group (404 unseen), then
 * asks `read_group_activity_analytics`: any member, Guest and up (403 for a visible group otherwise).
 */
const groupActivity = (c: CellInput): Outcome => {
  if (c.o.anonymous) return 'unauthorized';
  if (!c.o.group('read_group')) return 'hidden';
  return c.o.admin || c.o.groupLevel >= AccessLevel.GUEST ? 'ok' : 'forbidden';
};

/**
 * IE-73, code review: 404 for a project the caller cannot see, then `read_code_review_analytics`:
 * who may read the merge requests of a public or internal project, Reporters and up of a private one.
 */
const codeReview = (c: CellInput): Outcome => {
  if (!c.o.project('read_project')) return 'hidden';
  const allowed =
    c.o.admin || c.b.space.visibilityLevel >= Visibility.INTERNAL || c.o.projectLevel >= AccessLevel.REPORTER;
  return allowed ? 'ok' : 'forbidden';
};

export const analyticsEntries: RestEntry[] = [
  ...(['issues_count', 'merge_requests_count', 'new_members_count'] as const).map((count) =>
    entry(
      'GET',
      `/api/v4/analytics/group_activity/${count}`,
      'plain',
      (c) => `/api/v4/analytics/group_activity/${count}?group_path=${encodeURIComponent(c.b.space.group.path)}`,
      groupActivity,
    ),
  ),
  entry(
    'GET',
    '/api/v4/analytics/code_review',
    'plain',
    (c) => `/api/v4/analytics/code_review?project_id=${c.b.space.project.id}`,
    codeReview,
  ),
];
