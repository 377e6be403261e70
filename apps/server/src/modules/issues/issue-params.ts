import { HEALTH_STATUSES } from '@meridian/domain';
import { z } from 'zod';
import {
  gitlabId,
  gitlabKeyword,
  idOrKeyword,
  iidList,
  issuableListFilters,
  issuableListParams,
  issuableNotParams,
  issuableOrParams,
  type ListPageOptions,
  listPageFields,
  nonEmpty,
  scopeParam,
  toListPageOptions,
  usernameList,
  withoutUndefined,
} from '../../rest/gitlab-list-params';
import { gitlabBoolean, parseInput } from '../../rest/params';
import { type IssueFilters, issueOrderByValues } from './issue-filters';

const keywords = ['None', 'Any', 'Started', 'Upcoming', 'Current'] as const;
/** GitLab wildcards are case-insensitive ('none', 'ANY'); normalise to 'None' / 'Any' (and milestone keywords). */
const wildcard = (v: string): string => gitlabKeyword(v, keywords);

const schema = z.object({
  ...issuableListParams,
  state: z.enum(['opened', 'closed', 'all']).optional(),
  milestone_id: idOrKeyword(['None', 'Any', 'Started', 'Upcoming'] as const).optional(),
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
  due_date: z
    .enum(['0', 'any', 'today', 'tomorrow', 'overdue', 'week', 'month', 'next_month_and_previous_two_weeks'])
    .optional(),
  scope: scopeParam(['created_by_me', 'assigned_to_me', 'all']).optional(),
  order_by: z.enum(issueOrderByValues).optional(),
  not: z
    .object({
      ...issuableNotParams,
      author_username: usernameList.optional(),
      weight: z.coerce.number().int().min(0).max(32_767).optional(),
      iteration_id: idOrKeyword(['Current'] as const).optional(),
      iteration_title: z.string().min(1).max(255).optional(),
      epic_id: gitlabId.optional(),
    })
    .optional(),
  or: z.object({ ...issuableOrParams, assignee_username: usernameList.optional() }).optional(),
});

/** GitLab query parameters → IssueFilters. Unknown enum values are a 400 naming the parameter. */
export function parseIssueFilters(query: Record<string, unknown>): IssueFilters {
  const q = parseInput(schema, query);
  const filters: IssueFilters = {
    ...issuableListFilters(q),
    state: q.state,
    milestone: q.milestone !== undefined ? wildcard(q.milestone) : undefined,
    milestoneId: q.milestone_id,
    notMilestone: q.not?.milestone !== undefined ? wildcard(q.not.milestone) : undefined,
    releaseTag: q.release_tag !== undefined ? wildcard(q.release_tag) : undefined,
    orAssigneeUsernames: nonEmpty(q.or?.assignee_username),
    notAuthorUsernames: nonEmpty(q.not?.author_username),
    myReactionEmoji: q.my_reaction_emoji !== undefined ? wildcard(q.my_reaction_emoji) : undefined,
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
    dueDate: q.due_date,
    scope: q.scope,
    orderBy: q.order_by,
  };
  return withoutUndefined(filters);
}

const pageSchema = z.object(listPageFields);

export type IssueListOptions = ListPageOptions;

export function parseIssueListOptions(query: Record<string, unknown>, filters: IssueFilters): IssueListOptions {
  return toListPageOptions(parseInput(pageSchema, query), filters.orderBy);
}
