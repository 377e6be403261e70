import { isValidIsoDateTime, MAX_INT4 } from '@meridian/domain';
import { z } from 'zod';
import { badRequest } from '../errors';
import { gitlabBoolean, gitlabList } from './params';

/** The GitLab filter wildcards. */
export const noneAny = ['None', 'Any'] as const;

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
