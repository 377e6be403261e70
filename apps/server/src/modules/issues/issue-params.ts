import { HEALTH_STATUSES } from '@meridian/domain';
import { z } from 'zod';
import {
  gitlabDate,
  gitlabId,
  gitlabKeyword,
  idOrKeyword,
  iidList,
  type ListPageOptions,
  labelsFilter,
  listPageFields,
  nonEmpty,
  scopeParam,
  searchIn,
  sortParam,
  toListPageOptions,
  usernameList,
  withoutUndefined,
} from '../../rest/gitlab-list-params';
import { gitlabBoolean, gitlabList, parseInput } from '../../rest/params';
import { type IssueFilters, issueOrderByValues } from './issue-filters';

const keywords = ['None', 'Any', 'Started', 'Upcoming', 'Current'] as const;
/** GitLab wildcards are case-insensitive ('none', 'ANY'); normalise to 'None' / 'Any' (and milestone keywords). */
const wildcard = (v: string): string => gitlabKeyword(v, keywords);

const schema = z.object({
  state: z.enum(['opened', 'closed', 'all']).optional(),
  labels: gitlabList.optional(),
  milestone: z.string().min(1).max(255).optional(),
  milestone_id: idOrKeyword(['None', 'Any', 'Started', 'Upcoming'] as const).optional(),
  assignee_id: idOrKeyword(['None', 'Any'] as const).optional(),
  assignee_username: usernameList.optional(),
  author_id: gitlabId.optional(),
  author_username: z.string().min(1).max(255).optional(),
  my_reaction_emoji: z.string().min(1).max(64).optional(),
  confidential: gitlabBoolean.optional(),
  weight: z
    .preprocess(
      (v) => (typeof v === 'string' && !/^\d+$/.test(v) ? wildcard(v) : v),
      z.union([z.enum(['None', 'Any']), z.coerce.number().int().min(0).max(32_767)]),
    )
    .optional(),
  iteration_id: idOrKeyword(['None', 'Any', 'Current'] as const).optional(),
  iteration_title: z.string().min(1).max(255).optional(),
  epic_id: idOrKeyword(['None', 'Any'] as const).optional(),
  release_tag: z.string().min(1).max(255).optional(),
  health_status: z
    .preprocess((v) => (typeof v === 'string' ? wildcard(v) : v), z.enum([...HEALTH_STATUSES, 'None', 'Any']))
    .optional(),
  issue_type: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',') : v),
      z.array(z.enum(['issue', 'incident', 'task'])).max(3),
    )
    .optional(),
  iids: iidList.optional(),
  search: z.string().min(1).max(255).optional(),
  in: searchIn.optional(),
  created_after: gitlabDate.optional(),
  created_before: gitlabDate.optional(),
  updated_after: gitlabDate.optional(),
  updated_before: gitlabDate.optional(),
  due_date: z
    .enum(['0', 'any', 'today', 'tomorrow', 'overdue', 'week', 'month', 'next_month_and_previous_two_weeks'])
    .optional(),
  scope: scopeParam(['created_by_me', 'assigned_to_me', 'all']).optional(),
  order_by: z.enum(issueOrderByValues).optional(),
  sort: sortParam.optional(),
  not: z
    .object({
      labels: gitlabList.optional(),
      milestone: z.string().min(1).max(255).optional(),
      author_id: gitlabId.optional(),
      author_username: usernameList.optional(),
      assignee_id: gitlabId.optional(),
      assignee_username: usernameList.optional(),
      my_reaction_emoji: z.string().min(1).max(64).optional(),
      release_tag: z.string().min(1).max(255).optional(),
      weight: z.coerce.number().int().min(0).max(32_767).optional(),
      iteration_id: idOrKeyword(['Current'] as const).optional(),
      iteration_title: z.string().min(1).max(255).optional(),
      epic_id: gitlabId.optional(),
    })
    .optional(),
  or: z
    .object({
      labels: gitlabList.optional(),
      author_username: usernameList.optional(),
      assignee_username: usernameList.optional(),
    })
    .optional(),
});

/** GitLab query parameters → IssueFilters. Unknown enum values are a 400 naming the parameter. */
export function parseIssueFilters(query: Record<string, unknown>): IssueFilters {
  const q = parseInput(schema, query);
  const filters: IssueFilters = {
    state: q.state,
    labels: labelsFilter(q.labels),
    orLabels: nonEmpty(q.or?.labels),
    notLabels: labelsFilter(q.not?.labels),
    milestone: q.milestone !== undefined ? wildcard(q.milestone) : undefined,
    milestoneId: q.milestone_id,
    notMilestone: q.not?.milestone !== undefined ? wildcard(q.not.milestone) : undefined,
    releaseTag: q.release_tag !== undefined ? wildcard(q.release_tag) : undefined,
    notReleaseTag: q.not?.release_tag,
    assigneeId: q.assignee_id,
    assigneeUsernames: nonEmpty(q.assignee_username),
    notAssigneeUsernames: nonEmpty(q.not?.assignee_username),
    notAssigneeId: q.not?.assignee_id,
    orAssigneeUsernames: nonEmpty(q.or?.assignee_username),
    authorId: q.author_id,
    notAuthorId: q.not?.author_id,
    authorUsername: q.author_username,
    notAuthorUsernames: nonEmpty(q.not?.author_username),
    orAuthorUsernames: nonEmpty(q.or?.author_username),
    myReactionEmoji: q.my_reaction_emoji !== undefined ? wildcard(q.my_reaction_emoji) : undefined,
    notMyReactionEmoji: q.not?.my_reaction_emoji,
    confidential: q.confidential,
    weight: q.weight,
    notWeight: q.not?.weight,
    iterationId: q.iteration_id,
    notIterationId: q.not?.iteration_id,
    iterationTitle: q.iteration_title,
    notIterationTitle: q.not?.iteration_title,
    epicId: q.epic_id,
    notEpicId: q.not?.epic_id,
    healthStatus: q.health_status,
    issueTypes: q.issue_type,
    iids: q.iids,
    search: q.search,
    searchIn: q.in,
    createdAfter: q.created_after,
    createdBefore: q.created_before,
    updatedAfter: q.updated_after,
    updatedBefore: q.updated_before,
    dueDate: q.due_date,
    scope: q.scope,
    orderBy: q.order_by,
    sort: q.sort,
  };
  return withoutUndefined(filters);
}

const pageSchema = z.object(listPageFields);

export type IssueListOptions = ListPageOptions;

export function parseIssueListOptions(query: Record<string, unknown>, filters: IssueFilters): IssueListOptions {
  return toListPageOptions(parseInput(pageSchema, query), filters.orderBy);
}
