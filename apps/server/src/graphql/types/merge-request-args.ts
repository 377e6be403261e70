import type { MergeRequestFilters, MergeRequestOrderBy } from '../../modules/merge-requests';
import { builder } from '../builder';
import {
  AssigneeWildcardId,
  MilestoneWildcardId,
  NegatedMilestoneWildcardId,
  ReleaseTagWildcardId,
  ReviewerWildcardId,
  wildcardValue,
} from './filter-enums';
import {
  applySharedArgs,
  ascAndDesc,
  emojiOrWildcard,
  issuableStateValues,
  type Maybe,
  namesOrWildcard,
  positiveInt,
  type SharedListArgs,
  type SortTable,
  single,
  sortEnum,
  timestampSorts,
} from './issuable-args';
import { searchArgFields, timeWindowArgFields, unionedArgField } from './list-arg-fields';

export const MergeRequestState = builder.enumType('MergeRequestState', {
  description: 'State of a GitLab merge request.',
  values: {
    ...issuableStateValues,
    merged: { description: 'Merge request has been merged.' },
    all: { description: 'All available.' },
  } as const,
});

const sorts: SortTable<MergeRequestOrderBy> = {
  ...timestampSorts<MergeRequestOrderBy>('created_at', 'updated_at'),
  ...ascAndDesc('MERGED_AT', 'merged_at'),
  ...ascAndDesc('TITLE', 'title'),
  ...ascAndDesc('POPULARITY', 'popularity'),
  ...ascAndDesc('MILESTONE_DUE', 'milestone_due'),
};

export const MergeRequestSort = sortEnum('MergeRequestSort', 'Values for sorting merge requests.', sorts);

export const MergeRequestsResolverNegatedParams = builder.inputType('MergeRequestsResolverNegatedParams', {
  description: 'Filters that exclude merge requests.',
  fields: (t) => ({
    labels: t.stringList({
      required: false,
      description: 'Array of label names. All resolved merge requests will not have these labels.',
    }),
    labelName: t.stringList({ required: false, description: 'Labels not applied to the merge request.' }),
    milestoneTitle: t.string({ required: false, description: 'Title of the milestone the merge request is not in.' }),
    milestoneWildcardId: t.field({
      type: NegatedMilestoneWildcardId,
      required: false,
      description: 'Filter by negated milestone wildcard values.',
    }),
    authorUsername: t.string({ required: false, description: 'Username of the author to exclude.' }),
    assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users not assigned.' }),
    reviewerUsername: t.string({ required: false, description: 'Username of the reviewer to exclude.' }),
    approvedBy: t.stringList({ required: false, description: 'Usernames of users who did not approve.' }),
    approver: t.stringList({ required: false, description: 'Usernames of users who are not eligible approvers.' }),
    mergedBy: t.string({ required: false, description: 'Username of the merge user to exclude.' }),
    myReactionEmoji: t.string({
      required: false,
      description: 'Filter by reaction emoji applied by the current user.',
    }),
    releaseTag: t.string({
      required: false,
      description: 'Release tag not associated with the merge request’s milestone.',
    }),
    sourceBranches: t.stringList({ required: false, description: 'Array of source branch names to exclude.' }),
    targetBranches: t.stringList({ required: false, description: 'Array of target branch names to exclude.' }),
    environmentName: t.string({ required: false, description: 'Environment name to exclude.' }),
    draft: t.boolean({ required: false, description: 'Exclude draft (true) or non-draft (false) merge requests.' }),
  }),
});

export const UnionedMergeRequestFilterInput = builder.inputType('UnionedMergeRequestFilterInput', {
  description: 'Filters of which any may match.',
  fields: (t) => ({
    labelNames: t.stringList({ required: false, description: 'Merge requests with at least one of these labels.' }),
    authorUsernames: t.stringList({ required: false, description: 'Merge requests authored by one of these users.' }),
  }),
});

/** The merge-request-list arguments of Project.mergeRequests and Group.mergeRequests, with GitLab's names. */
export const mergeRequestListArgs = builder.args((t) => ({
  iids: t.stringList({ required: false, description: 'Array of IIDs of merge requests, for example `[1, 2]`.' }),
  state: t.field({ type: MergeRequestState, required: false, description: 'Merge request state.' }),
  ...searchArgFields(t),
  sort: t.field({ type: MergeRequestSort, required: false, description: 'Sort merge requests by the criteria.' }),
  sourceBranches: t.stringList({ required: false, description: 'Array of source branch names.' }),
  targetBranches: t.stringList({ required: false, description: 'Array of target branch names.' }),
  draft: t.boolean({ required: false, description: 'Limit result to draft merge requests.' }),
  approved: t.boolean({ required: false, description: 'Limit results to approved merge requests.' }),
  labels: t.stringList({
    required: false,
    description: 'Array of label names. All resolved merge requests will have all of these labels.',
  }),
  labelName: t.stringList({ required: false, description: 'Labels applied to the merge request.' }),
  milestoneTitle: t.string({ required: false, description: 'Title of the milestone.' }),
  milestoneWildcardId: t.field({
    type: MilestoneWildcardId,
    required: false,
    description: 'Filter issuables by milestone ID wildcard.',
  }),
  authorUsername: t.string({ required: false, description: 'Username of the author.' }),
  assigneeUsername: t.string({ required: false, description: 'Username of the assignee.' }),
  assigneeWildcardId: t.field({
    type: AssigneeWildcardId,
    required: false,
    description: 'Filter by assignee presence.',
  }),
  reviewerUsername: t.string({ required: false, description: 'Username of the reviewer.' }),
  reviewerWildcardId: t.field({
    type: ReviewerWildcardId,
    required: false,
    description: 'Filter by reviewer presence.',
  }),
  approvedBy: t.stringList({ required: false, description: 'Usernames of the approvers.' }),
  approver: t.stringList({
    required: false,
    description: 'Usernames of possible approvers (Meridian: the reviewers, as it has no approval rules).',
  }),
  mergedBy: t.string({ required: false, description: 'Username of the merger.' }),
  myReactionEmoji: t.string({ required: false, description: 'Filter by reaction emoji applied by the current user.' }),
  releaseTag: t.string({ required: false, description: 'Filter by release tag (through the milestone).' }),
  releaseTagWildcardId: t.field({
    type: ReleaseTagWildcardId,
    required: false,
    description: 'Filter by release tag wildcard.',
  }),
  environmentName: t.string({ required: false, description: 'Environment merge requests are linked to.' }),
  ...timeWindowArgFields(t, (window) => `Merge requests ${window} the timestamp.`),
  not: t.field({
    type: MergeRequestsResolverNegatedParams,
    required: false,
    description: 'List of negated arguments.',
  }),
  or: unionedArgField(t, UnionedMergeRequestFilterInput),
}));

type List = Maybe<readonly string[]>;
export interface MergeRequestListArgs extends SharedListArgs {
  iids?: List;
  state?: Maybe<'opened' | 'closed' | 'locked' | 'merged' | 'all'>;
  sourceBranches?: List;
  targetBranches?: List;
  draft?: Maybe<boolean>;
  approved?: Maybe<boolean>;
  labels?: List;
  labelName?: List;
  milestoneTitle?: Maybe<string>;
  milestoneWildcardId?: Maybe<'NONE' | 'ANY' | 'STARTED' | 'UPCOMING'>;
  assigneeUsername?: Maybe<string>;
  assigneeWildcardId?: Maybe<'NONE' | 'ANY'>;
  reviewerUsername?: Maybe<string>;
  reviewerWildcardId?: Maybe<'NONE' | 'ANY'>;
  approvedBy?: List;
  approver?: List;
  mergedBy?: Maybe<string>;
  myReactionEmoji?: Maybe<string>;
  releaseTag?: Maybe<string>;
  releaseTagWildcardId?: Maybe<'NONE' | 'ANY'>;
  environmentName?: Maybe<string>;
  not?: Maybe<{
    labels?: List;
    labelName?: List;
    milestoneTitle?: Maybe<string>;
    milestoneWildcardId?: Maybe<'STARTED' | 'UPCOMING'>;
    authorUsername?: Maybe<string>;
    assigneeUsernames?: List;
    reviewerUsername?: Maybe<string>;
    approvedBy?: List;
    approver?: List;
    mergedBy?: Maybe<string>;
    myReactionEmoji?: Maybe<string>;
    releaseTag?: Maybe<string>;
    sourceBranches?: List;
    targetBranches?: List;
    environmentName?: Maybe<string>;
    draft?: Maybe<boolean>;
  }>;
  or?: Maybe<{ labelNames?: List; authorUsernames?: List }>;
}

/** GraphQL merge request arguments → the merge requests service's filters (same object as REST). */
export function toMergeRequestFilters(args: MergeRequestListArgs): MergeRequestFilters {
  const f: MergeRequestFilters = {};
  if (args.state) f.state = args.state;
  applySharedArgs(args, sorts, f);
  if (args.iids?.length) {
    f.iids = args.iids.map((v) => positiveInt(v, 'iids'));
  }
  if (args.sourceBranches?.length) f.sourceBranch = single(args.sourceBranches, 'sourceBranches');
  if (args.targetBranches?.length) f.targetBranch = single(args.targetBranches, 'targetBranches');
  if (args.draft != null) f.draft = args.draft;
  if (args.approved != null) f.approved = args.approved;
  const labels = [...(args.labels ?? []), ...(args.labelName ?? [])];
  if (labels.length) f.labels = namesOrWildcard(labels);
  if (args.milestoneTitle) f.milestone = args.milestoneTitle;
  if (args.milestoneWildcardId) f.milestone = wildcardValue(args.milestoneWildcardId);
  if (args.assigneeUsername) f.assigneeUsernames = [args.assigneeUsername];
  if (args.assigneeWildcardId) f.assigneeId = wildcardValue(args.assigneeWildcardId);
  if (args.reviewerUsername) f.reviewerUsername = args.reviewerUsername;
  if (args.reviewerWildcardId) f.reviewerId = wildcardValue(args.reviewerWildcardId);
  if (args.approvedBy?.length) f.approvedByUsernames = namesOrWildcard(args.approvedBy);
  if (args.approver?.length) f.approverUsernames = namesOrWildcard(args.approver);
  if (args.mergedBy) f.mergeUserUsername = args.mergedBy;
  if (args.myReactionEmoji) f.myReactionEmoji = emojiOrWildcard(args.myReactionEmoji);
  if (args.releaseTag) f.releaseTag = args.releaseTag;
  if (args.releaseTagWildcardId) f.releaseTag = wildcardValue(args.releaseTagWildcardId);
  if (args.environmentName) f.environment = args.environmentName;
  const not = args.not;
  const notLabels = [...(not?.labels ?? []), ...(not?.labelName ?? [])];
  if (notLabels.length) f.notLabels = namesOrWildcard(notLabels);
  if (not?.milestoneTitle) f.notMilestone = not.milestoneTitle;
  if (not?.milestoneWildcardId) f.notMilestone = wildcardValue(not.milestoneWildcardId);
  if (not?.authorUsername) f.notAuthorUsername = not.authorUsername;
  if (not?.assigneeUsernames?.length) f.notAssigneeUsernames = [...not.assigneeUsernames];
  if (not?.reviewerUsername) f.notReviewerUsername = not.reviewerUsername;
  if (not?.approvedBy?.length) f.notApprovedByUsernames = [...not.approvedBy];
  if (not?.approver?.length) f.notApproverUsernames = [...not.approver];
  if (not?.mergedBy) f.notMergeUserUsername = not.mergedBy;
  if (not?.myReactionEmoji) f.notMyReactionEmoji = not.myReactionEmoji;
  if (not?.releaseTag) f.notReleaseTag = not.releaseTag;
  if (not?.sourceBranches?.length) f.notSourceBranch = single(not.sourceBranches, 'not.sourceBranches');
  if (not?.targetBranches?.length) f.notTargetBranch = single(not.targetBranches, 'not.targetBranches');
  if (not?.environmentName) f.notEnvironment = not.environmentName;
  if (not?.draft != null) f.notDraft = not.draft;
  if (args.or?.labelNames?.length) f.orLabels = [...args.or.labelNames];
  if (args.or?.authorUsernames?.length) f.orAuthorUsernames = [...args.or.authorUsernames];
  return f;
}
