/**
 * Merge request list filters as a plain object: `mr-params.ts` fills it from GitLab's query
 * parameters and `mr-filter-sql.ts` turns it into WHERE clauses. Absent means "no filter".
 * Wildcards follow GitLab: 'None' (no value set) and 'Any' (some value set).
 */
export type Wildcard = 'None' | 'Any';

export const mergeRequestStates = ['opened', 'closed', 'merged', 'locked', 'all'] as const;
export const mergeRequestOrderByValues = ['created_at', 'updated_at', 'merged_at', 'title', 'popularity'] as const;
export type MergeRequestOrderBy = (typeof mergeRequestOrderByValues)[number];

export interface MergeRequestFilters {
  state?: (typeof mergeRequestStates)[number];
  /** Label titles that must ALL be present, or a wildcard. */
  labels?: string[] | Wildcard;
  /** Label titles that must all be absent (`not[labels]`). */
  notLabels?: string[];
  /** Milestone title, 'None' or 'Any'. */
  milestone?: string;
  notMilestone?: string;
  authorId?: number;
  authorUsername?: string;
  notAuthorId?: number;
  notAuthorUsername?: string;
  assigneeId?: number | Wildcard;
  /** All of these users must be assignees. */
  assigneeUsernames?: string[];
  notAssigneeId?: number;
  notAssigneeUsernames?: string[];
  reviewerId?: number | Wildcard;
  reviewerUsername?: string;
  notReviewerId?: number;
  notReviewerUsername?: string;
  /** Approved by ALL these users, or a wildcard (no approvals / some approval). */
  approvedByIds?: number[] | Wildcard;
  approvedByUsernames?: string[] | Wildcard;
  /** yes: at least one approval; no: none. */
  approved?: boolean;
  mergeUserId?: number;
  mergeUserUsername?: string;
  /** Emoji the actor reacted with, or a wildcard. Ignored for anonymous actors. */
  myReactionEmoji?: string;
  /** `draft=yes|no` or the older `wip=yes|no`. */
  draft?: boolean;
  sourceBranch?: string;
  targetBranch?: string;
  notSourceBranch?: string;
  notTargetBranch?: string;
  /** Name of the environment the merge request is linked to. */
  environment?: string;
  iids?: number[];
  search?: string;
  searchIn?: Array<'title' | 'description'>;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  /** `GET /merge_requests`: created by, assigned to, review requested from the actor, or all readable. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'reviews_for_me' | 'all';
  orderBy?: MergeRequestOrderBy;
  sort?: 'asc' | 'desc';
}
