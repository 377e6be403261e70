import { isValidIsoDate } from '@meridian/domain';
import { z } from 'zod';
import {
  gitlabDate,
  gitlabKeyword,
  gitlabId as id,
  iidList,
  labelsFilter,
  nonEmpty,
  searchIn,
  timeWindowFilters,
  timeWindowParams,
} from '../../rest/gitlab-list-params';
import { gitlabBoolean, gitlabList, parseIdOrPath, parseIntParam } from '../../rest/params';
import type { IdOrPath } from '../namespaces';
import type { EpicFilters } from './epic-filters';

const isoDate = z.string().max(10).refine(isValidIsoDate, 'must be a date YYYY-MM-DD');
const dateTime = gitlabDate;
const noneAny = (v: unknown) => (typeof v === 'string' ? gitlabKeyword(v) : v);

/** Query parameters of GET /groups/:id/epics (GitLab names). */
export const epicListParams = z.object({
  author_id: id.optional(),
  author_username: z.string().min(1).max(255).optional(),
  not: z
    .object({
      author_username: gitlabList.optional(),
      labels: gitlabList.optional(),
      my_reaction_emoji: z.preprocess(noneAny, z.string().min(1).max(64)).optional(),
    })
    .optional(),
  or: z.object({ author_username: gitlabList.optional(), labels: gitlabList.optional() }).optional(),
  labels: z.preprocess(noneAny, z.union([z.literal('None'), z.literal('Any'), gitlabList])).optional(),
  with_labels_details: gitlabBoolean.optional(),
  order_by: z
    .enum(['created_at', 'updated_at', 'title', 'start_date', 'end_date', 'due_date', 'relative_position'])
    .optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(255).optional(),
  in: searchIn.optional(),
  state: z.enum(['opened', 'closed', 'all']).optional(),
  ...timeWindowParams,
  include_ancestor_groups: gitlabBoolean.optional(),
  include_descendant_groups: gitlabBoolean.optional(),
  my_reaction_emoji: z.preprocess(noneAny, z.string().min(1).max(64)).optional(),
  confidential: gitlabBoolean.optional(),
  parent_id: z.preprocess(noneAny, z.union([z.literal('None'), id])).optional(),
  iids: iidList.optional(),
  timeframe: z.object({ start: isoDate, end: isoDate }).optional(),
  pagination: z.enum(['offset', 'keyset']).optional(),
  cursor: z.string().max(2000).optional(),
});

export function toEpicFilters(p: z.infer<typeof epicListParams>): EpicFilters {
  return {
    authorId: p.author_id,
    authorUsername: p.author_username,
    notAuthorUsernames: nonEmpty(p.not?.author_username),
    labels: p.labels,
    notLabels: labelsFilter(p.not?.labels),
    orAuthorUsernames: nonEmpty(p.or?.author_username),
    orLabels: nonEmpty(p.or?.labels),
    search: p.search || undefined,
    searchIn: p.in,
    state: p.state,
    ...timeWindowFilters(p),
    includeAncestorGroups: p.include_ancestor_groups,
    includeDescendantGroups: p.include_descendant_groups,
    myReactionEmoji: p.my_reaction_emoji,
    notMyReactionEmoji: p.not?.my_reaction_emoji,
    confidential: p.confidential,
    parentId: p.parent_id,
    iids: p.iids,
    timeframe: p.timeframe,
    orderBy: p.order_by === 'due_date' ? 'end_date' : p.order_by,
    sort: p.sort,
  };
}

const color = z
  .string()
  .max(7)
  .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour like #1068bf');
const nullableDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable());

const epicFields = {
  description: z.string().max(1_048_576).nullable().optional(),
  labels: gitlabList.optional(),
  confidential: gitlabBoolean.optional(),
  color: color.optional(),
  parent_id: z.preprocess((v) => (v === '' || v === 'null' ? null : v), id.nullable()).optional(),
  start_date_is_fixed: gitlabBoolean.optional(),
  start_date_fixed: nullableDate.optional(),
  due_date_is_fixed: gitlabBoolean.optional(),
  due_date_fixed: nullableDate.optional(),
};

/** Body of POST /groups/:id/epics. */
export const epicCreateParams = z.object({
  title: z.string().max(255),
  ...epicFields,
  created_at: dateTime.optional(),
});

/** Body of PUT /groups/:id/epics/:epic_iid. */
export const epicUpdateParams = z.object({
  title: z.string().max(255).optional(),
  ...epicFields,
  add_labels: gitlabList.optional(),
  remove_labels: gitlabList.optional(),
  state_event: z.enum(['close', 'reopen']).optional(),
  lock_version: z.coerce.number().int().min(0).optional(),
});

/** move_before_id / move_after_id of the reorder endpoints. */
export const moveParams = z.object({ move_before_id: id.optional(), move_after_id: id.optional() });

/** `:id` (group id or path) and `:epic_iid` of every /groups/:id/epics/:epic_iid route. */
export function epicPathParams(params: unknown): { group: IdOrPath; iid: number } {
  const { id, epic_iid } = params as { id?: string; epic_iid?: string };
  return { group: parseIdOrPath(id ?? ''), iid: parseIntParam(epic_iid, 'epic_iid') };
}
