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
  milestoneKeywords,
  nonEmpty,
  noneAny,
  scopeParam,
  toListPageOptions,
  usernameList,
  withoutUndefined,
} from '../../rest/gitlab-list-params';
import { gitlabBoolean, parseInput } from '../../rest/params';
import { type MergeRequestFilters, mergeRequestOrderByValues, mergeRequestStates, type Wildcard } from './mr-filters';

const isWildcard = (v: unknown): v is Wildcard => v === 'None' || v === 'Any';

const idOrWildcard = idOrKeyword(noneAny);
const name = z.string().min(1).max(255);
/** GitLab's `approved`, `draft` and `wip` take `yes`/`no`; its boolean coercion also accepts `true`/`false`. */
const yesNo = gitlabBoolean;
/** `approved_by_ids[]=1&approved_by_ids[]=2`, `approved_by_ids=1,2`, or a wildcard. */
function listOrWildcard<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => {
      const one = Array.isArray(v) && v.length === 1 ? v[0] : v;
      if (typeof one === 'string' && ['none', 'any'].includes(one.toLowerCase())) return gitlabKeyword(one);
      return typeof v === 'string' ? v.split(',').filter(Boolean) : v;
    },
    z.union([z.enum(['None', 'Any']), z.array(item).min(1).max(5)]),
  );
}

/** `not[approved_by_ids][]=1` or `not[approved_by_ids]=1,2`. */
const idList = z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(gitlabId).min(1).max(100));

const schema = z.object({
  ...issuableListParams,
  state: z.enum(mergeRequestStates).optional(),
  reviewer_id: idOrWildcard.optional(),
  reviewer_username: name.optional(),
  approved_by_ids: listOrWildcard(gitlabId).optional(),
  approved_by_usernames: listOrWildcard(name).optional(),
  approver_ids: listOrWildcard(gitlabId).optional(),
  approver_usernames: listOrWildcard(name).optional(),
  attention: name.optional(),
  approved: yesNo.optional(),
  merge_user_id: gitlabId.optional(),
  merge_user_username: name.optional(),
  draft: yesNo.optional(),
  wip: yesNo.optional(),
  source_branch: name.optional(),
  target_branch: name.optional(),
  environment: name.optional(),
  iids: iidList.optional(),
  scope: scopeParam(['created_by_me', 'assigned_to_me', 'reviews_for_me', 'all']).optional(),
  order_by: z.enum(mergeRequestOrderByValues).optional(),
  not: z
    .object({
      ...issuableNotParams,
      author_username: name.optional(),
      reviewer_id: gitlabId.optional(),
      reviewer_username: name.optional(),
      source_branch: name.optional(),
      target_branch: name.optional(),
      approved_by_ids: idList.optional(),
      approved_by_usernames: usernameList.optional(),
      approver_ids: idList.optional(),
      approver_usernames: usernameList.optional(),
      merge_user_id: gitlabId.optional(),
      merge_user_username: name.optional(),
      draft: yesNo.optional(),
      wip: yesNo.optional(),
      environment: name.optional(),
    })
    .optional(),
  or: z.object(issuableOrParams).optional(),
});

/** GitLab query parameters → MergeRequestFilters. Unknown enum values are a 400 naming the parameter. */
export function parseMergeRequestFilters(query: Record<string, unknown>): MergeRequestFilters {
  const q = parseInput(schema, query);
  const reviewerUsername = q.reviewer_username !== undefined ? gitlabKeyword(q.reviewer_username) : undefined;
  const filters: MergeRequestFilters = {
    ...issuableListFilters(q),
    state: q.state,
    milestone: q.milestone !== undefined ? gitlabKeyword(q.milestone, milestoneKeywords) : undefined,
    notMilestone: q.not?.milestone !== undefined ? gitlabKeyword(q.not.milestone, milestoneKeywords) : undefined,
    releaseTag: q.release_tag !== undefined ? gitlabKeyword(q.release_tag) : undefined,
    notAuthorUsername: q.not?.author_username,
    reviewerId: q.reviewer_id ?? (isWildcard(reviewerUsername) ? reviewerUsername : undefined),
    reviewerUsername: isWildcard(reviewerUsername) ? undefined : reviewerUsername,
    notReviewerId: q.not?.reviewer_id,
    notReviewerUsername: q.not?.reviewer_username,
    approvedByIds: q.approved_by_ids,
    approvedByUsernames: q.approved_by_usernames,
    notApprovedByIds: q.not?.approved_by_ids,
    notApprovedByUsernames: q.not?.approved_by_usernames,
    approverIds: q.approver_ids,
    approverUsernames: q.approver_usernames,
    notApproverIds: q.not?.approver_ids,
    notApproverUsernames: q.not?.approver_usernames,
    approved: q.approved,
    mergeUserId: q.merge_user_id,
    mergeUserUsername: q.merge_user_username,
    notMergeUserId: q.not?.merge_user_id,
    notMergeUserUsername: q.not?.merge_user_username,
    myReactionEmoji: q.my_reaction_emoji !== undefined ? gitlabKeyword(q.my_reaction_emoji) : undefined,
    draft: q.draft ?? q.wip,
    notDraft: q.not?.draft ?? q.not?.wip,
    sourceBranch: q.source_branch,
    targetBranch: q.target_branch,
    notSourceBranch: q.not?.source_branch,
    notTargetBranch: q.not?.target_branch,
    environment: q.environment,
    notEnvironment: q.not?.environment,
    attention: q.attention,
    iids: nonEmpty(q.iids),
    scope: q.scope,
    orderBy: q.order_by,
  };
  return withoutUndefined(filters);
}

const pageSchema = z.object({ ...listPageFields, view: z.enum(['simple']).optional() });

export interface MergeRequestListOptions extends ListPageOptions {
  /** `view=simple`: id, iid, project_id, title, description, state, created_at, updated_at, web_url. */
  simple: boolean;
}

export function parseMergeRequestListOptions(
  query: Record<string, unknown>,
  filters: MergeRequestFilters,
): MergeRequestListOptions {
  const q = parseInput(pageSchema, query);
  return { ...toListPageOptions(q, filters.orderBy), simple: q.view === 'simple' };
}
