import type { IssuableFilters, Wildcard } from '../issuables';

/**
 * Merge request list filters as a plain object: `mr-params.ts` fills it from GitLab's query
 * parameters and `mr-filter-sql.ts` turns it into WHERE clauses. Absent means "no filter".
 * Wildcards follow GitLab: 'None' (no value set) and 'Any' (some value set).
 */
export type { Wildcard };

export const mergeRequestStates = ['opened', 'closed', 'merged', 'locked', 'all'] as const;
export const mergeRequestOrderByValues = [
  'created_at',
  'updated_at',
  'merged_at',
  'title',
  'popularity',
  'milestone_due',
] as const;
export type MergeRequestOrderBy = (typeof mergeRequestOrderByValues)[number];
/**
 * The orders a merge request list may be read in: the REST `order_by` values, and `review_time`
 * (code review analytics: the longest in review first, by review start ascending, never-reviewed last).
 */
export type MergeRequestListOrder = MergeRequestOrderBy | 'review_time';

export interface MergeRequestFilters extends IssuableFilters {
  state?: (typeof mergeRequestStates)[number];
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
  /** Approved by none of these users (`not[approved_by_ids]`, `not[approved_by_usernames]`). */
  notApprovedByIds?: number[];
  notApprovedByUsernames?: string[];
  /**
   * Eligible approvers: ALL these users must be approvers of the merge request, or a wildcard.
   * Meridian has no approval rules, so the eligible approvers of a merge request are its reviewers
   * (the users asked to review and approve it).
   */
  approverIds?: number[] | Wildcard;
  approverUsernames?: string[] | Wildcard;
  notApproverIds?: number[];
  notApproverUsernames?: string[];
  /** yes: at least one approval; no: none. */
  approved?: boolean;
  mergeUserId?: number;
  mergeUserUsername?: string;
  notMergeUserId?: number;
  notMergeUserUsername?: string;
  /** `draft=yes|no` or the older `wip=yes|no`. */
  draft?: boolean;
  /** `not[draft]=yes|no`. */
  notDraft?: boolean;
  sourceBranch?: string;
  targetBranch?: string;
  notSourceBranch?: string;
  notTargetBranch?: string;
  /** Name of the environment the merge request is linked to. */
  environment?: string;
  notEnvironment?: string;
  /**
   * `attention=<username>`: merge requests waiting on that user. GitLab's attention requests
   * passed the ball between reviewers and assignees; Meridian derives it from review states:
   * the user is a reviewer who has neither reviewed nor approved yet (state unreviewed,
   * review_started or unapproved, and no approval), or the user is an assignee and some reviewer
   * has reviewed or requested changes (the ball is back with the assignee).
   */
  attention?: string;
  /** `GET /merge_requests`: created by, assigned to, review requested from the actor, or all readable. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'reviews_for_me' | 'all';
  orderBy?: MergeRequestListOrder;
}
