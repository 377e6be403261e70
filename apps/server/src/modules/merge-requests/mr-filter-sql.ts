import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import type { MergeRequestFilters } from './mr-filters';

/**
 * Turns MergeRequestFilters into SQL conditions over `merge_requests mr` (joined with `projects p`
 * and `namespaces n` by the caller). Visibility is NOT here: see mergeRequestVisibility.
 */
type Cond = RawBuilder<boolean>;

const hasLabel = (title: string): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM merge_request_labels ml JOIN labels l ON l.id = ml.label_id WHERE ml.merge_request_id = mr.id AND l.title = ${title})`;
const hasAnyLabelOf = (titles: string[]): Cond =>
  sql<boolean>`EXISTS (SELECT 1 FROM merge_request_labels ml JOIN labels l ON l.id = ml.label_id WHERE ml.merge_request_id = mr.id AND l.title = ANY(${titles}::text[]))`;
const anyLabel = sql<boolean>`EXISTS (SELECT 1 FROM merge_request_labels ml WHERE ml.merge_request_id = mr.id)`;

const userIdByName = (username: string) => sql`(SELECT u.id FROM users u WHERE lower(u.username) = lower(${username}))`;
const userIdsByNames = (names: string[]) =>
  sql`(SELECT u.id FROM users u WHERE lower(u.username) = ANY(${names.map((n) => n.toLowerCase())}::text[]))`;

/** `EXISTS (SELECT 1 FROM <table> x WHERE x.merge_request_id = mr.id [AND x.user_id = user])`. */
function related(
  table: 'merge_request_assignees' | 'merge_request_reviewers' | 'approvals',
  user?: RawBuilder<unknown>,
) {
  const t = sql.table(table);
  return user
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${t} x WHERE x.merge_request_id = mr.id AND x.user_id = ${user})`
    : sql<boolean>`EXISTS (SELECT 1 FROM ${t} x WHERE x.merge_request_id = mr.id)`;
}

function milestoneCond(value: string): Cond {
  if (value === 'None') return sql<boolean>`mr.milestone_id IS NULL`;
  if (value === 'Any') return sql<boolean>`mr.milestone_id IS NOT NULL`;
  return sql<boolean>`EXISTS (SELECT 1 FROM milestones m WHERE m.id = mr.milestone_id AND m.title = ${value})`;
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

function approvedBy(c: Cond[], value: number[] | string[] | 'None' | 'Any' | undefined, byName: boolean) {
  if (value === undefined) return;
  if (value === 'None') c.push(sql<boolean>`NOT ${related('approvals')}`);
  else if (value === 'Any') c.push(related('approvals'));
  else {
    for (const v of value) {
      c.push(related('approvals', byName ? userIdByName(String(v)) : sql`${Number(v)}`));
    }
  }
}

/** The conditions for every filter set; an empty list means no filtering. */
export function mergeRequestFilterConditions(actor: Actor | null, f: MergeRequestFilters): Cond[] {
  const c: Cond[] = [];
  if (f.state && f.state !== 'all') c.push(sql<boolean>`mr.state = ${f.state}`);
  if (f.labels === 'None') c.push(sql<boolean>`NOT ${anyLabel}`);
  else if (f.labels === 'Any') c.push(anyLabel);
  else if (f.labels) for (const t of f.labels) c.push(hasLabel(t));
  if (f.notLabels?.length) c.push(sql<boolean>`NOT ${hasAnyLabelOf(f.notLabels)}`);
  if (f.milestone !== undefined) c.push(milestoneCond(f.milestone));
  if (f.notMilestone !== undefined) c.push(sql<boolean>`NOT ${milestoneCond(f.notMilestone)}`);
  if (f.authorId !== undefined) c.push(sql<boolean>`mr.author_id = ${f.authorId}`);
  if (f.authorUsername !== undefined) c.push(sql<boolean>`mr.author_id = ${userIdByName(f.authorUsername)}`);
  if (f.notAuthorId !== undefined) c.push(sql<boolean>`mr.author_id IS DISTINCT FROM ${f.notAuthorId}`);
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
  approvedBy(c, f.approvedByIds, false);
  approvedBy(c, f.approvedByUsernames, true);
  if (f.approved !== undefined) c.push(f.approved ? related('approvals') : sql<boolean>`NOT ${related('approvals')}`);
  if (f.mergeUserId !== undefined) c.push(sql<boolean>`mr.merge_user_id = ${f.mergeUserId}`);
  if (f.mergeUserUsername !== undefined) {
    c.push(sql<boolean>`mr.merge_user_id = ${userIdByName(f.mergeUserUsername)}`);
  }
  if (f.myReactionEmoji !== undefined && actor) {
    const base = sql`SELECT 1 FROM award_emoji ae WHERE ae.awardable_type = 'MergeRequest' AND ae.awardable_id = mr.id AND ae.user_id = ${actor.id}`;
    if (f.myReactionEmoji === 'None') c.push(sql<boolean>`NOT EXISTS (${base})`);
    else if (f.myReactionEmoji === 'Any') c.push(sql<boolean>`EXISTS (${base})`);
    else c.push(sql<boolean>`EXISTS (${base} AND ae.name = ${f.myReactionEmoji})`);
  }
  if (f.draft !== undefined) c.push(sql<boolean>`mr.draft = ${f.draft}`);
  if (f.sourceBranch !== undefined) c.push(sql<boolean>`mr.source_branch = ${f.sourceBranch}`);
  if (f.targetBranch !== undefined) c.push(sql<boolean>`mr.target_branch = ${f.targetBranch}`);
  if (f.notSourceBranch !== undefined) c.push(sql<boolean>`mr.source_branch <> ${f.notSourceBranch}`);
  if (f.notTargetBranch !== undefined) c.push(sql<boolean>`mr.target_branch <> ${f.notTargetBranch}`);
  if (f.environment !== undefined) {
    c.push(
      sql<boolean>`EXISTS (SELECT 1 FROM environments e WHERE e.id = mr.environment_id AND e.name = ${f.environment})`,
    );
  }
  if (f.iids?.length) c.push(sql<boolean>`mr.iid = ANY(${f.iids}::int[])`);
  if (f.search) {
    const pattern = `%${f.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const fields = f.searchIn?.length ? f.searchIn : ['title', 'description'];
    const parts = fields.map((col) => sql<boolean>`${sql.ref(`mr.${col}`)} ILIKE ${pattern}`);
    c.push(sql<boolean>`(${sql.join(parts, sql` OR `)})`);
  }
  if (f.createdAfter) c.push(sql<boolean>`mr.created_at >= ${f.createdAfter}`);
  if (f.createdBefore) c.push(sql<boolean>`mr.created_at <= ${f.createdBefore}`);
  if (f.updatedAfter) c.push(sql<boolean>`mr.updated_at >= ${f.updatedAfter}`);
  if (f.updatedBefore) c.push(sql<boolean>`mr.updated_at <= ${f.updatedBefore}`);
  const me = actor ? sql`${actor.id}` : null;
  if (f.scope === 'created_by_me') c.push(me ? sql<boolean>`mr.author_id = ${me}` : sql<boolean>`false`);
  if (f.scope === 'assigned_to_me') c.push(me ? related('merge_request_assignees', me) : sql<boolean>`false`);
  if (f.scope === 'reviews_for_me') c.push(me ? related('merge_request_reviewers', me) : sql<boolean>`false`);
  return c;
}
