import type { IssueBackedType } from '@meridian/domain';
import { badRequest } from '../../errors';
import type { IssueFilters, IssueOrderBy } from '../../modules/issues';
import { builder } from '../builder';
import { describedEnum } from './described-enum';
import {
  AssigneeWildcardId,
  EpicWildcardId,
  IterationWildcardId,
  MilestoneWildcardId,
  NegatedIterationWildcardId,
  NegatedMilestoneWildcardId,
  ReleaseTagWildcardId,
  WeightWildcardId,
  wildcardValue,
} from './filter-enums';
import {
  applySharedArgs,
  applyUnionedLabelAndAuthorArgs,
  ascAndDesc,
  emojiOrWildcard,
  idOf,
  issuableStateValues,
  type Maybe,
  namesOrWildcard,
  positiveInt,
  type SharedListArgs,
  type SortTable,
  single,
  sortEnum,
  timestampSorts,
  type UnionedLabelAndAuthorArgs,
  wildcard,
} from './issuable-args';
import { searchArgFields, timeWindowArgFields, unionedArgField, unionedLabelAndAuthorFields } from './list-arg-fields';

export const IssuableState = builder.enumType('IssuableState', {
  description: 'State of a GitLab issue or merge request.',
  values: { ...issuableStateValues, all: { description: 'All available.' } } as const,
});

export const IssueType = describedEnum('IssueType', 'Issue type.', {
  ISSUE: 'Issue issue type.',
  INCIDENT: 'Incident issue type.',
  // GitLab's test cases, requirements and service desk tickets: Meridian has none (filters with
  // them find nothing; an issue cannot be given them).
  TEST_CASE: 'Test Case issue type (none in Meridian).',
  REQUIREMENT: 'Requirement issue type (none in Meridian).',
  TASK: 'Task issue type.',
  TICKET: 'Ticket issue type (none in Meridian).',
  OBJECTIVE: 'Objective issue type.',
  KEY_RESULT: 'Key Result issue type.',
  EPIC: 'Epic issue type (a group work item: no issue has it).',
});

export const HealthStatus = describedEnum('HealthStatus', 'Health status of an issue or epic.', {
  onTrack: 'On track.',
  needsAttention: 'Needs attention.',
  atRisk: 'At risk.',
});

const sorts: SortTable<IssueOrderBy> = {
  ...timestampSorts<IssueOrderBy>('created_at', 'updated_at'),
  ...ascAndDesc('DUE_DATE', 'due_date'),
  ...ascAndDesc('TITLE', 'title'),
  RELATIVE_POSITION_ASC: ['relative_position', 'asc'],
  ...ascAndDesc('WEIGHT', 'weight'),
  ...ascAndDesc('PRIORITY', 'priority'),
  ...ascAndDesc('LABEL_PRIORITY', 'label_priority'),
  ...ascAndDesc('MILESTONE_DUE', 'milestone_due'),
  ...ascAndDesc('POPULARITY', 'popularity'),
};

export const IssueSort = sortEnum('IssueSort', 'Values for sorting issues.', sorts);

export const NegatedIssueFilterInput = builder.inputType('NegatedIssueFilterInput', {
  description: 'Filters that exclude issues.',
  fields: (t) => ({
    labelName: t.stringList({ required: false, description: 'Labels not applied to this issue.' }),
    assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users not assigned to the issue.' }),
    authorUsername: t.stringList({ required: false, description: 'Usernames of users who did not author the issue.' }),
    milestoneTitle: t.stringList({ required: false, description: 'Milestone not applied to this issue.' }),
    milestoneWildcardId: t.field({
      type: NegatedMilestoneWildcardId,
      required: false,
      description: 'Filter by negated milestone wildcard values.',
    }),
    assigneeId: t.string({ required: false, description: 'ID of a user not assigned to the issues.' }),
    myReactionEmoji: t.string({
      required: false,
      description: 'Filter by reaction emoji applied by the current user.',
    }),
    releaseTag: t.stringList({
      required: false,
      description: 'Release tag not associated with the issue’s milestone.',
    }),
    weight: t.string({ required: false, description: 'Weight not applied to the issue.' }),
    epicId: t.string({ required: false, description: 'ID of an epic not associated with the issues.' }),
    iterationId: t.idList({ required: false, description: 'List of iteration Global IDs not applied to the issue.' }),
    iterationTitle: t.string({ required: false, description: 'Filter by iteration title.' }),
    iterationWildcardId: t.field({
      type: NegatedIterationWildcardId,
      required: false,
      description: 'Filter by negated iteration ID wildcard.',
    }),
  }),
});

export const UnionedIssueFilterInput = builder.inputType('UnionedIssueFilterInput', {
  description: 'Filters of which any may match.',
  fields: (t) => ({
    ...unionedLabelAndAuthorFields(t, 'issues'),
    assigneeUsernames: t.stringList({
      required: false,
      description: 'Filters issues that are assigned to at least one of the given users.',
    }),
  }),
});

/** The issue-list arguments of Project.issues and Group.issues, with GitLab's names. */
export const issueListArgs = builder.args((t) => ({
  iid: t.string({ required: false, description: 'IID of the issue. For example, "1".' }),
  iids: t.stringList({ required: false, description: 'List of IIDs of issues. For example, `["1", "2"]`.' }),
  state: t.field({ type: IssuableState, required: false, description: 'Current state of this issue.' }),
  ...searchArgFields(t),
  sort: t.field({ type: IssueSort, required: false, description: 'Sort issues by the criteria.' }),
  labelName: t.stringList({ required: false, description: 'Labels applied to this issue.' }),
  authorUsername: t.string({ required: false, description: 'Username of the author of the issue.' }),
  assigneeUsername: t.string({ required: false, description: 'Username of a user assigned to the issue.' }),
  assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users assigned to the issue.' }),
  assigneeId: t.string({
    required: false,
    description: 'ID of a user assigned to the issues. Wildcard values "NONE" and "ANY" are supported.',
  }),
  assigneeWildcardId: t.field({
    type: AssigneeWildcardId,
    required: false,
    description: 'Filter by assignee wildcard. Incompatible with assigneeUsername and assigneeUsernames.',
  }),
  milestoneTitle: t.stringList({ required: false, description: 'Milestone applied to this issue.' }),
  milestoneWildcardId: t.field({
    type: MilestoneWildcardId,
    required: false,
    description: 'Filter issues by milestone ID wildcard.',
  }),
  releaseTag: t.stringList({ required: false, description: 'Release tag associated with the issue’s milestone.' }),
  releaseTagWildcardId: t.field({
    type: ReleaseTagWildcardId,
    required: false,
    description: 'Filter issues by release tag ID wildcard.',
  }),
  iterationId: t.idList({ required: false, description: 'List of iteration Global IDs applied to the issue.' }),
  iterationTitle: t.string({ required: false, description: 'Filter by iteration title.' }),
  iterationWildcardId: t.field({
    type: IterationWildcardId,
    required: false,
    description: 'Filter by iteration ID wildcard.',
  }),
  epicWildcardId: t.field({ type: EpicWildcardId, required: false, description: 'Filter by epic ID wildcard.' }),
  weightWildcardId: t.field({ type: WeightWildcardId, required: false, description: 'Filter by weight ID wildcard.' }),
  myReactionEmoji: t.string({ required: false, description: 'Filter by reaction emoji applied by the current user.' }),
  confidential: t.boolean({ required: false, description: 'Filter for confidential issues.' }),
  types: t.field({ type: [IssueType], required: false, description: 'Filter issues by the given issue types.' }),
  epicId: t.string({
    required: false,
    description: 'ID of an epic associated with the issues, "none" and "any" values are supported.',
  }),
  weight: t.string({
    required: false,
    description: 'Weight applied to the issue, "none" and "any" values are supported.',
  }),
  ...timeWindowArgFields(t, (window) => `Issues ${window} this date.`),
  not: t.field({ type: NegatedIssueFilterInput, required: false, description: 'Negated arguments.' }),
  or: unionedArgField(t, UnionedIssueFilterInput),
}));

export interface IssueListArgs extends SharedListArgs {
  iid?: Maybe<string>;
  iids?: Maybe<readonly string[]>;
  state?: Maybe<'opened' | 'closed' | 'locked' | 'all'>;
  labelName?: Maybe<readonly string[]>;
  assigneeUsername?: Maybe<string>;
  assigneeUsernames?: Maybe<readonly string[]>;
  assigneeId?: Maybe<string>;
  assigneeWildcardId?: Maybe<'NONE' | 'ANY'>;
  milestoneTitle?: Maybe<readonly string[]>;
  milestoneWildcardId?: Maybe<'NONE' | 'ANY' | 'STARTED' | 'UPCOMING'>;
  releaseTag?: Maybe<readonly string[]>;
  releaseTagWildcardId?: Maybe<'NONE' | 'ANY'>;
  iterationId?: Maybe<readonly (string | number)[]>;
  iterationTitle?: Maybe<string>;
  iterationWildcardId?: Maybe<'NONE' | 'ANY' | 'CURRENT'>;
  epicWildcardId?: Maybe<'NONE' | 'ANY'>;
  weightWildcardId?: Maybe<'NONE' | 'ANY'>;
  myReactionEmoji?: Maybe<string>;
  confidential?: Maybe<boolean>;
  types?: Maybe<readonly (typeof IssueType.$inferType)[]>;
  epicId?: Maybe<string>;
  weight?: Maybe<string>;
  not?: Maybe<{
    labelName?: Maybe<readonly string[]>;
    assigneeUsernames?: Maybe<readonly string[]>;
    authorUsername?: Maybe<readonly string[]>;
    milestoneTitle?: Maybe<readonly string[]>;
    milestoneWildcardId?: Maybe<'STARTED' | 'UPCOMING'>;
    assigneeId?: Maybe<string>;
    myReactionEmoji?: Maybe<string>;
    releaseTag?: Maybe<readonly string[]>;
    weight?: Maybe<string>;
    epicId?: Maybe<string>;
    iterationId?: Maybe<readonly (string | number)[]>;
    iterationTitle?: Maybe<string>;
    iterationWildcardId?: Maybe<'CURRENT'>;
  }>;
  or?: Maybe<UnionedLabelAndAuthorArgs & { assigneeUsernames?: Maybe<readonly string[]> }>;
}

/** GraphQL issue arguments → the issues service's filters. */
export function toIssueFilters(args: IssueListArgs): IssueFilters {
  const f: IssueFilters = {};
  if (args.state === 'opened' || args.state === 'closed') f.state = args.state;
  applySharedArgs(args, sorts, f);
  const iids = [...(args.iids ?? []), ...(args.iid ? [args.iid] : [])].map((v) => positiveInt(v, 'iids'));
  if (iids.length) f.iids = iids;
  if (args.labelName?.length) f.labels = namesOrWildcard(args.labelName);
  const assignees = [...(args.assigneeUsernames ?? []), ...(args.assigneeUsername ? [args.assigneeUsername] : [])];
  if (assignees.length) f.assigneeUsernames = assignees;
  if (args.milestoneTitle?.length) f.milestone = single(args.milestoneTitle, 'milestoneTitle');
  if (args.myReactionEmoji) f.myReactionEmoji = emojiOrWildcard(args.myReactionEmoji);
  if (args.confidential != null) f.confidential = args.confidential;
  if (args.types?.length) f.issueTypes = args.types.map((t) => t.toLowerCase() as IssueBackedType);
  if (args.epicId) {
    const w = wildcard(args.epicId);
    f.epicId = w ?? idOf(args.epicId, 'Epic', 'epicId');
  }
  if (args.weight) {
    const w = wildcard(args.weight);
    if (!w && !/^\d{1,4}$/.test(args.weight)) throw badRequest('weight must be a number, "none" or "any"', 'weight');
    f.weight = w ?? Number(args.weight);
  }
  if (args.assigneeId) {
    f.assigneeId = wildcard(args.assigneeId) ?? idOf(args.assigneeId, 'User', 'assigneeId');
  }
  if (args.assigneeWildcardId) f.assigneeId = wildcardValue(args.assigneeWildcardId);
  if (args.milestoneWildcardId) f.milestoneId = wildcardValue(args.milestoneWildcardId);
  if (args.releaseTag?.length) f.releaseTag = single(args.releaseTag, 'releaseTag');
  if (args.releaseTagWildcardId) f.releaseTag = wildcardValue(args.releaseTagWildcardId);
  if (args.iterationId?.length)
    f.iterationId = idOf(single(args.iterationId.map(String), 'iterationId'), 'Iteration', 'iterationId');
  if (args.iterationWildcardId) f.iterationId = wildcardValue(args.iterationWildcardId);
  if (args.iterationTitle) f.iterationTitle = args.iterationTitle;
  if (args.epicWildcardId) f.epicId = wildcardValue(args.epicWildcardId);
  if (args.weightWildcardId) f.weight = wildcardValue(args.weightWildcardId);
  const not = args.not;
  if (not?.labelName?.length) f.notLabels = namesOrWildcard(not.labelName);
  if (not?.assigneeUsernames?.length) f.notAssigneeUsernames = [...not.assigneeUsernames];
  if (not?.authorUsername?.length) f.notAuthorUsernames = [...not.authorUsername];
  if (not?.milestoneTitle?.length) f.notMilestone = single(not.milestoneTitle, 'not.milestoneTitle');
  if (not?.milestoneWildcardId) f.notMilestone = wildcardValue(not.milestoneWildcardId);
  if (not?.assigneeId) f.notAssigneeId = idOf(not.assigneeId, 'User', 'not.assigneeId');
  if (not?.myReactionEmoji) f.notMyReactionEmoji = not.myReactionEmoji;
  if (not?.releaseTag?.length) f.notReleaseTag = single(not.releaseTag, 'not.releaseTag');
  if (not?.weight) {
    if (!/^\d{1,4}$/.test(not.weight)) throw badRequest('not.weight must be a number', 'not.weight');
    f.notWeight = Number(not.weight);
  }
  if (not?.epicId) f.notEpicId = idOf(not.epicId, 'Epic', 'not.epicId');
  if (not?.iterationId?.length) {
    f.notIterationId = idOf(single(not.iterationId.map(String), 'not.iterationId'), 'Iteration', 'not.iterationId');
  }
  if (not?.iterationWildcardId) f.notIterationId = wildcardValue(not.iterationWildcardId);
  if (not?.iterationTitle) f.notIterationTitle = not.iterationTitle;
  applyUnionedLabelAndAuthorArgs(args.or, f);
  if (args.or?.assigneeUsernames?.length) f.orAssigneeUsernames = [...args.or.assigneeUsernames];
  return f;
}
