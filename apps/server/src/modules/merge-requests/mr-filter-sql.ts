import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import { allOf, type IssuableFilterTarget, issuableFilterConditions, labelSql, userIdByName } from '../issuables';
import type { MergeRequestFilters } from './mr-filters';

/**
 * Turns MergeRequestFilters into SQL conditions over `merge_requests mr` (joined with `projects p`
 * and `namespaces n` by the caller). Visibility is NOT here: see mergeRequestReadable.
 */
type Cond = RawBuilder<boolean>;

const mergeRequestFilterTarget: IssuableFilterTarget = {
  alias: 'mr',
  awardableType: 'MergeRequest',
  labelLinks: { table: 'merge_request_labels', rowColumn: 'merge_request_id' },
  // Each label as its own EXISTS (the merge request lists were measured this way).
  allLabels: (titles) => allOf(titles.map((title) => labelSql(mergeRequestFilterTarget).hasLabel(title))),
};

const userIdsByNames = (names: string[]) =>
  sql`(SELECT u.id FROM users u WHERE lower(u.username) = ANY(${names.map((n) => n.toLowerCase())}::text[]))`;

/**
 * Merge requests linked to `user` in `table` (or to anyone, without a user). One user's links are
 * read first, through the `(user_id, merge_request_id)` index, as an array of ids: walking the
 * list's order and probing each row for the user read all 150,000 merge requests of the large data
 * set for a reviewer with 660 (see docs/BENCHMARKS.md).
 */
function related(
  table: 'merge_request_assignees' | 'merge_request_reviewers' | 'approvals',
  user?: RawBuilder<unknown>,
) {
  const t = sql.table(table);
  return user
    ? sql<boolean>`mr.id = ANY(ARRAY(SELECT x.merge_request_id FROM ${t} x WHERE x.user_id = ${user}))`
    : sql<boolean>`EXISTS (SELECT 1 FROM ${t} x WHERE x.merge_request_id = mr.id)`;
}

/** Approved by / eligible approver: ALL the users, or a wildcard (none / some). */
function usersOn(
  c: Cond[],
  table: 'approvals' | 'merge_request_reviewers',
  value: number[] | string[] | 'None' | 'Any' | undefined,
  byName: boolean,
) {
  if (value === undefined) return;
  if (value === 'None') c.push(sql<boolean>`NOT ${related(table)}`);
  else if (value === 'Any') c.push(related(table));
  else for (const v of value) c.push(related(table, byName ? userIdByName(String(v)) : sql`${Number(v)}`));
}

/** None of the users (`not[approved_by_usernames]` and friends). */
function noneOf(c: Cond[], table: 'approvals' | 'merge_request_reviewers', ids?: number[], names?: string[]) {
  if (ids?.length) {
    c.push(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM ${sql.table(table)} x WHERE x.merge_request_id = mr.id AND x.user_id = ANY(${ids}::int[]))`,
    );
  }
  if (names?.length) {
    c.push(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM ${sql.table(table)} x WHERE x.merge_request_id = mr.id AND x.user_id IN ${userIdsByNames(names)})`,
    );
  }
}

/** See MergeRequestFilters.attention. */
function attentionCond(username: string): Cond {
  const user = userIdByName(username);
  return sql<boolean>`(EXISTS (SELECT 1 FROM merge_request_reviewers rv WHERE rv.merge_request_id = mr.id
      AND rv.user_id = ${user} AND rv.state IN ('unreviewed', 'review_started', 'unapproved')
      AND NOT EXISTS (SELECT 1 FROM approvals ap WHERE ap.merge_request_id = mr.id AND ap.user_id = rv.user_id))
    OR (EXISTS (SELECT 1 FROM merge_request_assignees ma WHERE ma.merge_request_id = mr.id AND ma.user_id = ${user})
      AND EXISTS (SELECT 1 FROM merge_request_reviewers rv WHERE rv.merge_request_id = mr.id
        AND rv.state IN ('reviewed', 'requested_changes'))))`;
}

function userFilter(
  c: Cond[],
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  value: number | 'None' | 'Any' | undefined,
) {
  if (value === 'None') c.push(sql<boolean>`NOT ${related(table)}`);
  else if (value === 'Any') c.push(related(table));
  else if (typeof value === 'number') c.push(related(table, sql`${value}`));
}

/** The conditions for every filter set; an empty list means no filtering. */
export function mergeRequestFilterConditions(actor: Actor | null, f: MergeRequestFilters): Cond[] {
  const c: Cond[] = [];
  if (f.state && f.state !== 'all') c.push(sql<boolean>`mr.state = ${f.state}`);
  c.push(...issuableFilterConditions(actor, mergeRequestFilterTarget, f));
  if (f.notAuthorUsername !== undefined) {
    c.push(sql<boolean>`mr.author_id IS DISTINCT FROM ${userIdByName(f.notAuthorUsername)}`);
  }
  userFilter(c, 'merge_request_assignees', f.assigneeId);
  for (const n of f.assigneeUsernames ?? []) c.push(related('merge_request_assignees', userIdByName(n)));
  if (f.notAssigneeId !== undefined) {
    c.push(sql<boolean>`NOT ${related('merge_request_assignees', sql`${f.notAssigneeId}`)}`);
  }
  if (f.notAssigneeUsernames?.length) {
    c.push(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM merge_request_assignees x WHERE x.merge_request_id = mr.id AND x.user_id IN ${userIdsByNames(f.notAssigneeUsernames)})`,
    );
  }
  userFilter(c, 'merge_request_reviewers', f.reviewerId);
  if (f.reviewerUsername !== undefined) c.push(related('merge_request_reviewers', userIdByName(f.reviewerUsername)));
  if (f.notReviewerId !== undefined) {
    c.push(sql<boolean>`NOT ${related('merge_request_reviewers', sql`${f.notReviewerId}`)}`);
  }
  if (f.notReviewerUsername !== undefined) {
    c.push(sql<boolean>`NOT ${related('merge_request_reviewers', userIdByName(f.notReviewerUsername))}`);
  }
  usersOn(c, 'approvals', f.approvedByIds, false);
  usersOn(c, 'approvals', f.approvedByUsernames, true);
  noneOf(c, 'approvals', f.notApprovedByIds, f.notApprovedByUsernames);
  usersOn(c, 'merge_request_reviewers', f.approverIds, false);
  usersOn(c, 'merge_request_reviewers', f.approverUsernames, true);
  noneOf(c, 'merge_request_reviewers', f.notApproverIds, f.notApproverUsernames);
  if (f.approved !== undefined) c.push(f.approved ? related('approvals') : sql<boolean>`NOT ${related('approvals')}`);
  if (f.mergeUserId !== undefined) c.push(sql<boolean>`mr.merge_user_id = ${f.mergeUserId}`);
  if (f.mergeUserUsername !== undefined) {
    c.push(sql<boolean>`mr.merge_user_id = ${userIdByName(f.mergeUserUsername)}`);
  }
  if (f.notMergeUserId !== undefined) c.push(sql<boolean>`mr.merge_user_id IS DISTINCT FROM ${f.notMergeUserId}`);
  if (f.notMergeUserUsername !== undefined) {
    c.push(sql<boolean>`mr.merge_user_id IS DISTINCT FROM ${userIdByName(f.notMergeUserUsername)}`);
  }
  if (f.draft !== undefined) c.push(sql<boolean>`mr.draft = ${f.draft}`);
  if (f.notDraft !== undefined) c.push(sql<boolean>`mr.draft <> ${f.notDraft}`);
  if (f.sourceBranch !== undefined) c.push(sql<boolean>`mr.source_branch = ${f.sourceBranch}`);
  if (f.targetBranch !== undefined) c.push(sql<boolean>`mr.target_branch = ${f.targetBranch}`);
  if (f.notSourceBranch !== undefined) c.push(sql<boolean>`mr.source_branch <> ${f.notSourceBranch}`);
  if (f.notTargetBranch !== undefined) c.push(sql<boolean>`mr.target_branch <> ${f.notTargetBranch}`);
  if (f.environment !== undefined) {
    c.push(
      sql<boolean>`EXISTS (SELECT 1 FROM environments e WHERE e.id = mr.environment_id AND e.name = ${f.environment})`,
    );
  }
  if (f.notEnvironment !== undefined) {
    c.push(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM environments e WHERE e.id = mr.environment_id AND e.name = ${f.notEnvironment})`,
    );
  }
  if (f.attention !== undefined) c.push(attentionCond(f.attention));
  const me = actor ? sql`${actor.id}` : null;
  if (f.scope === 'created_by_me') c.push(me ? sql<boolean>`mr.author_id = ${me}` : sql<boolean>`false`);
  if (f.scope === 'assigned_to_me') c.push(me ? related('merge_request_assignees', me) : sql<boolean>`false`);
  if (f.scope === 'reviews_for_me') c.push(me ? related('merge_request_reviewers', me) : sql<boolean>`false`);
  return c;
}
