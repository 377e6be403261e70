import { isValidIsoDateTime, MAX_INT4 } from '@meridian/domain';
import { z } from 'zod';
import { badRequest } from '../errors';
import { gitlabBoolean, gitlabList } from './params';

/** The GitLab filter wildcards. */
export const noneAny = ['None', 'Any'] as const;

/** The keywords a milestone title filter takes: the wildcards, and milestones started or upcoming. */
export const milestoneKeywords = ['None', 'Any', 'Started', 'Upcoming'] as const;

/**
 * GitLab keywords are case-insensitive ('none', 'ANY'); returns the canonical spelling from
 * `keywords` ('None', 'Any' by default), or `v` unchanged when it is not one of them.
 */
export function gitlabKeyword(v: string, keywords: readonly string[] = noneAny): string {
  const lower = v.toLowerCase();
  return keywords.find((k) => k.toLowerCase() === lower) ?? v;
}

/** A positive database id (PostgreSQL `integer`). */
export const gitlabId = z.coerce.number().int().min(1).max(MAX_INT4);

/** An id or one of the allowed keywords (case-insensitive), e.g. `assignee_id=None`. */
export function idOrKeyword<const K extends readonly [string, ...string[]]>(keywords: K) {
  return z.preprocess(
    (v) => (typeof v === 'string' && !/^\d+$/.test(v) ? gitlabKeyword(v, keywords) : v),
    z.union([z.enum(keywords), gitlabId]),
  );
}

/** `assignee_username=a` or `assignee_username[]=a&assignee_username[]=b`. */
export const usernameList = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.string().min(1).max(255)).max(100),
);

/** `created_after` and friends: an ISO 8601 date or date-time with a real calendar date (years 0001-9999). */
export const gitlabDate = z
  .string()
  .max(64)
  .refine(isValidIsoDateTime, 'must be an ISO 8601 date or date-time')
  .transform((s) => new Date(s));

/** `iids[]=1&iids[]=2` or `iids=1,2`. */
export const iidList = z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(gitlabId).max(100));

/** `in=title,description`: the fields `search` looks in. */
export const searchIn = gitlabList.pipe(z.array(z.enum(['title', 'description'])));

/** `created_after` … `updated_before`: the time windows of GitLab's issue, merge request and epic lists. */
export const timeWindowParams = {
  created_after: gitlabDate.optional(),
  created_before: gitlabDate.optional(),
  updated_after: gitlabDate.optional(),
  updated_before: gitlabDate.optional(),
};

/** Parsed `timeWindowParams` under the list filters' names. */
export function timeWindowFilters(q: z.infer<z.ZodObject<typeof timeWindowParams>>) {
  return {
    createdAfter: q.created_after,
    createdBefore: q.created_before,
    updatedAfter: q.updated_after,
    updatedBefore: q.updated_before,
  };
}

/** `search` (non-empty), `in` and the time windows, alike on the issue and merge request lists. */
export const searchWindowParams = {
  search: z.string().min(1).max(255).optional(),
  in: searchIn.optional(),
  ...timeWindowParams,
};

/** Parsed `searchWindowParams` under the list filters' names. */
export function searchWindowFilters(q: z.infer<z.ZodObject<typeof searchWindowParams>>) {
  return { search: q.search, searchIn: q.in, ...timeWindowFilters(q) };
}

/** `scope=created_by_me` (GitLab also accepts `created-by-me`). */
export function scopeParam<const S extends readonly [string, ...string[]]>(scopes: S) {
  return z.preprocess((v) => (typeof v === 'string' ? v.replace(/-/g, '_') : v), z.enum(scopes));
}

export const sortParam = z.enum(['asc', 'desc']);

/** An empty list filters nothing: `[]` → undefined. */
export const nonEmpty = <T>(v: T[] | undefined): T[] | undefined => (v?.length ? v : undefined);

/** `labels=None` / `labels=any` → the wildcard; otherwise the (non-empty) label list. */
export function labelsFilter(labels: string[] | undefined): 'None' | 'Any' | string[] | undefined {
  const first = labels?.[0];
  return labels?.length === 1 && first && ['none', 'any'].includes(first.toLowerCase())
    ? (gitlabKeyword(first) as 'None' | 'Any')
    : nonEmpty(labels);
}

/** Filter parameters GitLab's issue and merge request lists both take, parsed alike. */
export const issuableListParams = {
  labels: gitlabList.optional(),
  milestone: z.string().min(1).max(255).optional(),
  author_id: gitlabId.optional(),
  author_username: z.string().min(1).max(255).optional(),
  assignee_id: idOrKeyword(noneAny).optional(),
  assignee_username: usernameList.optional(),
  my_reaction_emoji: z.string().min(1).max(64).optional(),
  release_tag: z.string().min(1).max(255).optional(),
  ...searchWindowParams,
  sort: sortParam.optional(),
};

/** The `not[…]` parameters both lists take, parsed alike. */
export const issuableNotParams = {
  labels: gitlabList.optional(),
  milestone: z.string().min(1).max(255).optional(),
  author_id: gitlabId.optional(),
  assignee_id: gitlabId.optional(),
  assignee_username: usernameList.optional(),
  my_reaction_emoji: z.string().min(1).max(64).optional(),
  release_tag: z.string().min(1).max(255).optional(),
};

/** The `or[…]` parameters both lists take. */
export const issuableOrParams = {
  labels: gitlabList.optional(),
  author_username: usernameList.optional(),
};

type IssuableListQuery = z.infer<z.ZodObject<typeof issuableListParams>> & {
  not?: z.infer<z.ZodObject<typeof issuableNotParams>>;
  or?: z.infer<z.ZodObject<typeof issuableOrParams>>;
};

/**
 * Parsed `issuableListParams` with their `not` and `or` under the list filters' names, where both
 * lists read them alike (milestones and release tags take different keywords: the lists map those).
 */
export function issuableListFilters(q: IssuableListQuery) {
  return {
    labels: labelsFilter(q.labels),
    notLabels: labelsFilter(q.not?.labels),
    orLabels: nonEmpty(q.or?.labels),
    notReleaseTag: q.not?.release_tag,
    authorId: q.author_id,
    notAuthorId: q.not?.author_id,
    authorUsername: q.author_username,
    orAuthorUsernames: nonEmpty(q.or?.author_username),
    assigneeId: q.assignee_id,
    assigneeUsernames: nonEmpty(q.assignee_username),
    notAssigneeId: q.not?.assignee_id,
    notAssigneeUsernames: nonEmpty(q.not?.assignee_username),
    notMyReactionEmoji: q.not?.my_reaction_emoji,
    ...searchWindowFilters(q),
    sort: q.sort,
  };
}

/** Drops the keys whose value is undefined (filters objects carry only what was asked for). */
export function withoutUndefined<T extends object>(filters: T): T {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as T;
}

/** Pagination parameters shared by the issue and merge request lists. */
export const listPageFields = {
  pagination: z.enum(['offset', 'keyset']).optional(),
  cursor: z.string().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  with_labels_details: gitlabBoolean.optional(),
};

export interface ListPageOptions {
  keyset: boolean;
  cursor?: string;
  page: number;
  perPage: number;
  withLabelsDetails: boolean;
}

/** Parsed `listPageFields` → options; keyset pagination only orders by created_at or updated_at. */
export function toListPageOptions(
  q: z.infer<z.ZodObject<typeof listPageFields>>,
  orderBy: string | undefined,
): ListPageOptions {
  const keyset = q.pagination === 'keyset';
  if (keyset && orderBy && !['created_at', 'updated_at'].includes(orderBy)) {
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
