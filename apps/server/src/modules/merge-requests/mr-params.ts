import { z } from 'zod';
import { badRequest } from '../../errors';
import { gitlabBoolean, gitlabList, parseInput } from '../../rest/params';
import { type MergeRequestFilters, mergeRequestOrderByValues, mergeRequestStates, type Wildcard } from './mr-filters';

/** GitLab wildcards are case-insensitive ('none', 'ANY'); normalise to 'None' / 'Any'. */
function wildcard(v: string): string {
  const lower = v.toLowerCase();
  if (lower === 'none') return 'None';
  if (lower === 'any') return 'Any';
  return v;
}
const isWildcard = (v: unknown): v is Wildcard => v === 'None' || v === 'Any';

const intId = z.coerce.number().int().min(1).max(2_147_483_647);
const idOrWildcard = z.preprocess(
  (v) => (typeof v === 'string' && !/^\d+$/.test(v) ? wildcard(v) : v),
  z.union([z.enum(['None', 'Any']), intId]),
);
const name = z.string().min(1).max(255);
const stringList = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(name).max(100));
const yesNo = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(['yes', 'no', 'true', 'false']).transform((v) => v === 'yes' || v === 'true'),
);
const date = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), 'invalid date');
/** `approved_by_ids[]=1&approved_by_ids[]=2`, `approved_by_ids=1,2`, or a wildcard. */
function listOrWildcard<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => {
      const one = Array.isArray(v) && v.length === 1 ? v[0] : v;
      if (typeof one === 'string' && ['none', 'any'].includes(one.toLowerCase())) return wildcard(one);
      return typeof v === 'string' ? v.split(',').filter(Boolean) : v;
    },
    z.union([z.enum(['None', 'Any']), z.array(item).min(1).max(5)]),
  );
}

const schema = z.object({
  state: z.enum(mergeRequestStates).optional(),
  labels: gitlabList.optional(),
  milestone: name.optional(),
  author_id: intId.optional(),
  author_username: name.optional(),
  assignee_id: idOrWildcard.optional(),
  assignee_username: stringList.optional(),
  reviewer_id: idOrWildcard.optional(),
  reviewer_username: name.optional(),
  approved_by_ids: listOrWildcard(intId).optional(),
  approved_by_usernames: listOrWildcard(name).optional(),
  approved: yesNo.optional(),
  merge_user_id: intId.optional(),
  merge_user_username: name.optional(),
  my_reaction_emoji: z.string().min(1).max(64).optional(),
  draft: yesNo.optional(),
  wip: yesNo.optional(),
  source_branch: name.optional(),
  target_branch: name.optional(),
  environment: name.optional(),
  iids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(intId).max(100)).optional(),
  search: name.optional(),
  in: gitlabList.pipe(z.array(z.enum(['title', 'description']))).optional(),
  created_after: date.optional(),
  created_before: date.optional(),
  updated_after: date.optional(),
  updated_before: date.optional(),
  scope: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/-/g, '_') : v),
      z.enum(['created_by_me', 'assigned_to_me', 'reviews_for_me', 'all']),
    )
    .optional(),
  order_by: z.enum(mergeRequestOrderByValues).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  not: z
    .object({
      labels: gitlabList.optional(),
      milestone: name.optional(),
      author_id: intId.optional(),
      author_username: name.optional(),
      assignee_id: intId.optional(),
      assignee_username: stringList.optional(),
      reviewer_id: intId.optional(),
      reviewer_username: name.optional(),
      source_branch: name.optional(),
      target_branch: name.optional(),
    })
    .optional(),
});

const listKeys = <T>(v: T[] | undefined) => (v?.length ? v : undefined);

/** GitLab query parameters → MergeRequestFilters. Unknown enum values are a 400 naming the parameter. */
export function parseMergeRequestFilters(query: Record<string, unknown>): MergeRequestFilters {
  const q = parseInput(schema, query);
  const first = q.labels?.[0];
  const labels =
    q.labels?.length === 1 && first && ['none', 'any'].includes(first.toLowerCase())
      ? (wildcard(first) as Wildcard)
      : listKeys(q.labels);
  const reviewerUsername = q.reviewer_username !== undefined ? wildcard(q.reviewer_username) : undefined;
  const filters: MergeRequestFilters = {
    state: q.state,
    labels,
    notLabels: listKeys(q.not?.labels),
    milestone: q.milestone !== undefined ? wildcard(q.milestone) : undefined,
    notMilestone: q.not?.milestone,
    authorId: q.author_id,
    authorUsername: q.author_username,
    notAuthorId: q.not?.author_id,
    notAuthorUsername: q.not?.author_username,
    assigneeId: q.assignee_id,
    assigneeUsernames: listKeys(q.assignee_username),
    notAssigneeId: q.not?.assignee_id,
    notAssigneeUsernames: listKeys(q.not?.assignee_username),
    reviewerId: q.reviewer_id ?? (isWildcard(reviewerUsername) ? reviewerUsername : undefined),
    reviewerUsername: isWildcard(reviewerUsername) ? undefined : reviewerUsername,
    notReviewerId: q.not?.reviewer_id,
    notReviewerUsername: q.not?.reviewer_username,
    approvedByIds: q.approved_by_ids,
    approvedByUsernames: q.approved_by_usernames,
    approved: q.approved,
    mergeUserId: q.merge_user_id,
    mergeUserUsername: q.merge_user_username,
    myReactionEmoji: q.my_reaction_emoji !== undefined ? wildcard(q.my_reaction_emoji) : undefined,
    draft: q.draft ?? q.wip,
    sourceBranch: q.source_branch,
    targetBranch: q.target_branch,
    notSourceBranch: q.not?.source_branch,
    notTargetBranch: q.not?.target_branch,
    environment: q.environment,
    iids: listKeys(q.iids),
    search: q.search,
    searchIn: q.in,
    createdAfter: q.created_after,
    createdBefore: q.created_before,
    updatedAfter: q.updated_after,
    updatedBefore: q.updated_before,
    scope: q.scope,
    orderBy: q.order_by,
    sort: q.sort,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as MergeRequestFilters;
}

const pageSchema = z.object({
  pagination: z.enum(['offset', 'keyset']).optional(),
  cursor: z.string().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  with_labels_details: gitlabBoolean.optional(),
  view: z.enum(['simple']).optional(),
});

export interface MergeRequestListOptions {
  keyset: boolean;
  cursor?: string;
  page: number;
  perPage: number;
  withLabelsDetails: boolean;
  /** `view=simple`: id, iid, project_id, title, description, state, created_at, updated_at, web_url. */
  simple: boolean;
}

export function parseMergeRequestListOptions(
  query: Record<string, unknown>,
  filters: MergeRequestFilters,
): MergeRequestListOptions {
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
    simple: q.view === 'simple',
  };
}
