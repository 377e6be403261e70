import { badRequest } from '../../errors';
import type { IssueFilters, IssueOrderBy } from '../../modules/issues/issue-filters';
import { builder } from '../builder';

export const IssuableState = builder.enumType('IssuableState', {
  description: 'State of a GitLab issue or merge request.',
  values: {
    opened: { description: 'In open state.' },
    closed: { description: 'In closed state.' },
    locked: { description: 'Discussion has been locked.' },
    all: { description: 'All available.' },
  } as const,
});

export const IssueType = builder.enumType('IssueType', {
  description: 'Issue type.',
  values: {
    ISSUE: { description: 'Issue issue type.' },
    INCIDENT: { description: 'Incident issue type.' },
    TASK: { description: 'Task issue type.' },
  } as const,
});

export const HealthStatus = builder.enumType('HealthStatus', {
  description: 'Health status of an issue or epic.',
  values: {
    onTrack: { description: 'On track.' },
    needsAttention: { description: 'Needs attention.' },
    atRisk: { description: 'At risk.' },
  } as const,
});

const sorts: Record<string, [IssueOrderBy, 'asc' | 'desc']> = {
  CREATED_DESC: ['created_at', 'desc'],
  CREATED_ASC: ['created_at', 'asc'],
  UPDATED_DESC: ['updated_at', 'desc'],
  UPDATED_ASC: ['updated_at', 'asc'],
  created_desc: ['created_at', 'desc'],
  created_asc: ['created_at', 'asc'],
  updated_desc: ['updated_at', 'desc'],
  updated_asc: ['updated_at', 'asc'],
  DUE_DATE_ASC: ['due_date', 'asc'],
  DUE_DATE_DESC: ['due_date', 'desc'],
  TITLE_ASC: ['title', 'asc'],
  TITLE_DESC: ['title', 'desc'],
  RELATIVE_POSITION_ASC: ['relative_position', 'asc'],
  WEIGHT_ASC: ['weight', 'asc'],
  WEIGHT_DESC: ['weight', 'desc'],
  PRIORITY_ASC: ['priority', 'asc'],
  PRIORITY_DESC: ['priority', 'desc'],
  LABEL_PRIORITY_ASC: ['label_priority', 'asc'],
  LABEL_PRIORITY_DESC: ['label_priority', 'desc'],
  MILESTONE_DUE_ASC: ['milestone_due', 'asc'],
  MILESTONE_DUE_DESC: ['milestone_due', 'desc'],
  POPULARITY_ASC: ['popularity', 'asc'],
  POPULARITY_DESC: ['popularity', 'desc'],
};

export const IssueSort = builder.enumType('IssueSort', {
  description: 'Values for sorting issues.',
  values: Object.fromEntries(
    Object.entries(sorts).map(([name, [column, dir]]) => [name, { description: `Sort by ${column} ${dir}.` }]),
  ) as Record<string, { description: string }>,
});

export const NegatedIssueFilterInput = builder.inputType('NegatedIssueFilterInput', {
  description: 'Filters that exclude issues.',
  fields: (t) => ({
    labelName: t.stringList({ required: false, description: 'Labels not applied to this issue.' }),
    assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users not assigned to the issue.' }),
    authorUsername: t.stringList({ required: false, description: 'Usernames of users who did not author the issue.' }),
    milestoneTitle: t.stringList({ required: false, description: 'Milestone not applied to this issue.' }),
  }),
});

export const UnionedIssueFilterInput = builder.inputType('UnionedIssueFilterInput', {
  description: 'Filters of which any may match.',
  fields: (t) => ({
    labelName: t.stringList({ required: false, description: 'Filters issues that have at least one of these labels.' }),
    authorUsername: t.stringList({ required: false, description: 'Filters issues authored by one of these users.' }),
  }),
});

/** The issue-list arguments of Project.issues and Group.issues, with GitLab's names. */
export const issueListArgs = builder.args((t) => ({
  iid: t.string({ required: false, description: 'IID of the issue. For example, "1".' }),
  iids: t.stringList({ required: false, description: 'List of IIDs of issues. For example, `["1", "2"]`.' }),
  state: t.field({ type: IssuableState, required: false, description: 'Current state of this issue.' }),
  search: t.string({ required: false, description: 'Search query for title or description.' }),
  sort: t.field({ type: IssueSort, required: false, description: 'Sort issues by the criteria.' }),
  labelName: t.stringList({ required: false, description: 'Labels applied to this issue.' }),
  authorUsername: t.string({ required: false, description: 'Username of the author of the issue.' }),
  assigneeUsername: t.string({ required: false, description: 'Username of a user assigned to the issue.' }),
  assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users assigned to the issue.' }),
  milestoneTitle: t.stringList({ required: false, description: 'Milestone applied to this issue.' }),
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
  createdAfter: t.field({ type: 'Time', required: false, description: 'Issues created after this date.' }),
  createdBefore: t.field({ type: 'Time', required: false, description: 'Issues created before this date.' }),
  updatedAfter: t.field({ type: 'Time', required: false, description: 'Issues updated after this date.' }),
  updatedBefore: t.field({ type: 'Time', required: false, description: 'Issues updated before this date.' }),
  not: t.field({ type: NegatedIssueFilterInput, required: false, description: 'Negated arguments.' }),
  or: t.field({ type: UnionedIssueFilterInput, required: false, description: 'List of arguments with inclusive OR.' }),
}));

type Maybe<T> = T | null | undefined;
export interface IssueListArgs {
  iid?: Maybe<string>;
  iids?: Maybe<readonly string[]>;
  state?: Maybe<'opened' | 'closed' | 'locked' | 'all'>;
  search?: Maybe<string>;
  sort?: Maybe<string>;
  labelName?: Maybe<readonly string[]>;
  authorUsername?: Maybe<string>;
  assigneeUsername?: Maybe<string>;
  assigneeUsernames?: Maybe<readonly string[]>;
  milestoneTitle?: Maybe<readonly string[]>;
  myReactionEmoji?: Maybe<string>;
  confidential?: Maybe<boolean>;
  types?: Maybe<readonly ('ISSUE' | 'INCIDENT' | 'TASK')[]>;
  epicId?: Maybe<string>;
  weight?: Maybe<string>;
  createdAfter?: Maybe<string>;
  createdBefore?: Maybe<string>;
  updatedAfter?: Maybe<string>;
  updatedBefore?: Maybe<string>;
  not?: Maybe<{
    labelName?: Maybe<readonly string[]>;
    assigneeUsernames?: Maybe<readonly string[]>;
    authorUsername?: Maybe<readonly string[]>;
    milestoneTitle?: Maybe<readonly string[]>;
  }>;
  or?: Maybe<{ labelName?: Maybe<readonly string[]>; authorUsername?: Maybe<readonly string[]> }>;
}

function positiveInt(value: string, field: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
    throw badRequest(`${field} must be a positive integer`, field);
  }
  return n;
}

function wildcard(value: string): 'None' | 'Any' | null {
  if (/^none$/i.test(value)) return 'None';
  if (/^any$/i.test(value)) return 'Any';
  return null;
}

function single(values: readonly string[], field: string): string {
  if (values.length !== 1) throw badRequest(`${field} accepts one value`, field);
  return values[0] as string;
}

/** GraphQL issue arguments → the issues service's filters. */
export function toIssueFilters(args: IssueListArgs): IssueFilters {
  const f: IssueFilters = {};
  if (args.state === 'opened' || args.state === 'closed') f.state = args.state;
  if (args.search) f.search = args.search;
  if (args.sort) {
    const s = sorts[args.sort];
    if (s) [f.orderBy, f.sort] = s;
  }
  const iids = [...(args.iids ?? []), ...(args.iid ? [args.iid] : [])].map((v) => positiveInt(v, 'iids'));
  if (iids.length) f.iids = iids;
  if (args.labelName?.length) {
    const w = args.labelName.length === 1 ? wildcard(args.labelName[0] as string) : null;
    f.labels = w ?? [...args.labelName];
  }
  if (args.authorUsername) f.authorUsername = args.authorUsername;
  const assignees = [...(args.assigneeUsernames ?? []), ...(args.assigneeUsername ? [args.assigneeUsername] : [])];
  if (assignees.length) f.assigneeUsernames = assignees;
  if (args.milestoneTitle?.length) f.milestone = single(args.milestoneTitle, 'milestoneTitle');
  if (args.myReactionEmoji) f.myReactionEmoji = args.myReactionEmoji;
  if (args.confidential != null) f.confidential = args.confidential;
  if (args.types?.length) f.issueTypes = args.types.map((t) => t.toLowerCase() as 'issue' | 'incident' | 'task');
  if (args.epicId) {
    const w = wildcard(args.epicId);
    const id = /^gid:\/\/gitlab\/Epic\/(\d+)$/.exec(args.epicId)?.[1] ?? args.epicId;
    f.epicId = w ?? positiveInt(id, 'epicId');
  }
  if (args.weight) {
    const w = wildcard(args.weight);
    if (!w && !/^\d{1,4}$/.test(args.weight)) throw badRequest('weight must be a number, "none" or "any"', 'weight');
    f.weight = w ?? Number(args.weight);
  }
  if (args.createdAfter) f.createdAfter = new Date(args.createdAfter);
  if (args.createdBefore) f.createdBefore = new Date(args.createdBefore);
  if (args.updatedAfter) f.updatedAfter = new Date(args.updatedAfter);
  if (args.updatedBefore) f.updatedBefore = new Date(args.updatedBefore);
  if (args.not?.labelName?.length) f.notLabels = [...args.not.labelName];
  if (args.not?.assigneeUsernames?.length) f.notAssigneeUsernames = [...args.not.assigneeUsernames];
  if (args.not?.authorUsername?.length) f.notAuthorUsernames = [...args.not.authorUsername];
  if (args.not?.milestoneTitle?.length) f.notMilestone = single(args.not.milestoneTitle, 'not.milestoneTitle');
  if (args.or?.labelName?.length) f.orLabels = [...args.or.labelName];
  if (args.or?.authorUsername?.length) f.orAuthorUsernames = [...args.or.authorUsername];
  return f;
}
