import { z } from 'zod';
import { badRequest } from '../../errors';
import { gitlabBoolean, gitlabList, parseInput } from '../../rest/params';
import { type IssueFilters, issueOrderByValues } from './issue-filters';

/** GitLab wildcards are case-insensitive ('none', 'ANY'); normalise to 'None' / 'Any'. */
function wildcard(v: string): string {
  const lower = v.toLowerCase();
  if (lower === 'none') return 'None';
  if (lower === 'any') return 'Any';
  if (lower === 'started') return 'Started';
  if (lower === 'upcoming') return 'Upcoming';
  if (lower === 'current') return 'Current';
  return v;
}

const intId = z.coerce.number().int().min(1).max(2_147_483_647);

/** An id or one of the allowed keywords. */
function idOr<const K extends readonly string[]>(keywords: K) {
  return z.preprocess(
    (v) => (typeof v === 'string' && !/^\d+$/.test(v) ? wildcard(v) : v),
    z.union([z.enum(keywords), intId]),
  );
}

const stringList = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string().min(1).max(255)).max(100));
const date = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), 'invalid date');

const schema = z.object({
  state: z.enum(['opened', 'closed', 'all']).optional(),
  labels: gitlabList.optional(),
  milestone: z.string().min(1).max(255).optional(),
  milestone_id: idOr(['None', 'Any', 'Started', 'Upcoming'] as const).optional(),
  assignee_id: idOr(['None', 'Any'] as const).optional(),
  assignee_username: stringList.optional(),
  author_id: intId.optional(),
  author_username: z.string().min(1).max(255).optional(),
  my_reaction_emoji: z.string().min(1).max(64).optional(),
  confidential: gitlabBoolean.optional(),
  weight: z
    .preprocess(
      (v) => (typeof v === 'string' && !/^\d+$/.test(v) ? wildcard(v) : v),
      z.union([z.enum(['None', 'Any']), z.coerce.number().int().min(0).max(32_767)]),
    )
    .optional(),
  iteration_id: idOr(['None', 'Any', 'Current'] as const).optional(),
  iteration_title: z.string().min(1).max(255).optional(),
  epic_id: idOr(['None', 'Any'] as const).optional(),
  health_status: z
    .preprocess(
      (v) => (typeof v === 'string' ? wildcard(v) : v),
      z.enum(['on_track', 'needs_attention', 'at_risk', 'None', 'Any']),
    )
    .optional(),
  issue_type: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',') : v),
      z.array(z.enum(['issue', 'incident', 'task'])).max(3),
    )
    .optional(),
  iids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(intId).max(100)).optional(),
  search: z.string().min(1).max(255).optional(),
  in: gitlabList.pipe(z.array(z.enum(['title', 'description']))).optional(),
  created_after: date.optional(),
  created_before: date.optional(),
  updated_after: date.optional(),
  updated_before: date.optional(),
  due_date: z
    .enum(['0', 'any', 'today', 'tomorrow', 'overdue', 'week', 'month', 'next_month_and_previous_two_weeks'])
    .optional(),
  scope: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/-/g, '_') : v),
      z.enum(['created_by_me', 'assigned_to_me', 'all']),
    )
    .optional(),
  order_by: z.enum(issueOrderByValues).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  not: z
    .object({
      labels: gitlabList.optional(),
      milestone: z.string().min(1).max(255).optional(),
      author_username: stringList.optional(),
      assignee_username: stringList.optional(),
    })
    .optional(),
  or: z
    .object({
      labels: gitlabList.optional(),
      author_username: stringList.optional(),
    })
    .optional(),
});

const listKeys = (v: string[] | undefined) => (v?.length ? v : undefined);

/** GitLab query parameters → IssueFilters. Unknown enum values are a 400 naming the parameter. */
export function parseIssueFilters(query: Record<string, unknown>): IssueFilters {
  const q = parseInput(schema, query);
  const labels =
    q.labels?.length === 1 && ['none', 'any'].includes((q.labels[0] as string).toLowerCase())
      ? (wildcard(q.labels[0] as string) as 'None' | 'Any')
      : listKeys(q.labels);
  const filters: IssueFilters = {
    state: q.state,
    labels,
    orLabels: listKeys(q.or?.labels),
    notLabels: listKeys(q.not?.labels),
    milestone: q.milestone !== undefined ? wildcard(q.milestone) : undefined,
    milestoneId: q.milestone_id,
    notMilestone: q.not?.milestone,
    assigneeId: q.assignee_id,
    assigneeUsernames: listKeys(q.assignee_username),
    notAssigneeUsernames: listKeys(q.not?.assignee_username),
    authorId: q.author_id,
    authorUsername: q.author_username,
    notAuthorUsernames: listKeys(q.not?.author_username),
    orAuthorUsernames: listKeys(q.or?.author_username),
    myReactionEmoji: q.my_reaction_emoji !== undefined ? wildcard(q.my_reaction_emoji) : undefined,
    confidential: q.confidential,
    weight: q.weight,
    iterationId: q.iteration_id,
    iterationTitle: q.iteration_title,
    epicId: q.epic_id,
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
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as IssueFilters;
}

const pageSchema = z.object({
  pagination: z.enum(['offset', 'keyset']).optional(),
  cursor: z.string().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  with_labels_details: gitlabBoolean.optional(),
});

export interface IssueListOptions {
  keyset: boolean;
  cursor?: string;
  page: number;
  perPage: number;
  withLabelsDetails: boolean;
}

export function parseIssueListOptions(query: Record<string, unknown>, filters: IssueFilters): IssueListOptions {
  const q = parseInput(pageSchema, query);
  const keyset = q.pagination === 'keyset';
  if (keyset && filters.orderBy && !['created_at', 'updated_at'].includes(filters.orderBy)) {
    throw badRequest('order_by is invalid for keyset pagination', 'order_by');
  }
  return {
    keyset,
    cursor: q.cursor,
    page: q.page,
    perPage: q.per_page,
    withLabelsDetails: q.with_labels_details ?? false,
  };
}
