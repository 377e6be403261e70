import { z } from 'zod';
import { gitlabKeyword, labelsFilter, milestoneKeywords, withoutUndefined } from '../../rest/gitlab-list-params';
import { pageParams } from '../../rest/pagination';
import { gitlabList, positiveIdParam } from '../../rest/params';
import type { MergeRequestFilters } from '../merge-requests';
import { isValidFullPath, MAX_FULL_PATH_LENGTH } from '../namespaces';

/** IE-74: `group_path`, a group's full path ('acme/platform'). */
export const groupActivitySchema = z.object({
  group_path: z
    .string()
    .max(MAX_FULL_PATH_LENGTH)
    .refine((v) => isValidFullPath(v), 'must be a group path'),
});

/** The filters GitLab's code review analytics take both as they are and negated under `not`. */
const negatable = {
  label_name: gitlabList.optional(),
  milestone_title: z.string().min(1).max(255).optional(),
};

/** IE-73: `project_id` (GitLab takes an Integer, not a path), the filters and offset pagination. */
export const codeReviewSchema = pageParams.extend({
  project_id: positiveIdParam,
  ...negatable,
  not: z.object(negatable).optional(),
});

export type CodeReviewQuery = z.infer<typeof codeReviewSchema>;

/**
 * The code review list's filters as the merge request list reads them: GitLab's finder options
 * (`state: 'opened'`, `sort: 'review_time_desc'`, which is the review START ascending: the longest
 * in review first, never-reviewed last) over the caller's label and milestone filters.
 */
export function codeReviewFilters(q: CodeReviewQuery): MergeRequestFilters {
  const milestone = (v: string | undefined) => (v === undefined ? undefined : gitlabKeyword(v, milestoneKeywords));
  return withoutUndefined({
    state: 'opened' as const,
    labels: labelsFilter(q.label_name),
    notLabels: labelsFilter(q.not?.label_name),
    milestone: milestone(q.milestone_title),
    notMilestone: milestone(q.not?.milestone_title),
    orderBy: 'review_time' as const,
    sort: 'asc' as const,
  });
}
