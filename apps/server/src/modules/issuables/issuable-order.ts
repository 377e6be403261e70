import { type RawBuilder, sql } from 'kysely';
import type { Condition, IssuableSource } from './issuable-source';
import type { IssuableListScope } from './list-issuables';

const column = (source: IssuableSource, name: string) => sql.ref(`${source.alias}.${name}`);

/** Where a list reads from: one project, a group and its subgroups (namespace `n`), or everywhere. */
export function listScopeCondition(source: IssuableSource, scope: IssuableListScope): Condition {
  if ('projectId' in scope) return sql<boolean>`${column(source, 'project_id')} = ${scope.projectId}`;
  if ('groupId' in scope) return sql<boolean>`n.traversal_ids @> ARRAY[${scope.groupId}]::int[]`;
  return sql<boolean>`true`;
}

const awardableType = { issues: 'Issue', merge_requests: 'MergeRequest' } as const;

/** The row's thumbs-up count: GitLab's `popularity` order. */
export function upvoteCount(source: IssuableSource): RawBuilder<unknown> {
  return sql`(SELECT count(*) FROM award_emoji ae WHERE ae.awardable_type = ${awardableType[source.table]}
    AND ae.awardable_id = ${column(source, 'id')} AND ae.name = 'thumbsup')`;
}

/** The due date of the row's milestone: GitLab's `milestone_due` order. */
export function milestoneDueDate(source: IssuableSource): RawBuilder<unknown> {
  return sql`(SELECT m.due_date FROM milestones m WHERE m.id = ${column(source, 'milestone_id')})`;
}

/** Orders on NOT NULL columns: no NULLS LAST, so the ORDER BY matches the (… DESC, id DESC) indexes. */
const notNullOrders = new Set(['created_at', 'updated_at', 'title']);

/** Whether a list order sorts by NOT NULL columns only (its keys are never NULL). */
export const isNotNullOrder = (orderBy: string): boolean => notNullOrders.has(orderBy);

/**
 * ORDER BY for a list: the order's expressions (nullable ones NULLS LAST), then the row id, all in
 * the list's direction.
 */
export function issuableOrderBy(
  source: IssuableSource,
  order: { orderBy: string; sort?: 'asc' | 'desc' },
  expressions: RawBuilder<unknown>[],
): RawBuilder<unknown> {
  const dir = order.sort === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  const nulls = notNullOrders.has(order.orderBy) ? sql.raw('') : sql.raw(' NULLS LAST');
  const parts = expressions.map((e) => sql`${e} ${dir}${nulls}`);
  parts.push(sql`${column(source, 'id')} ${dir}`);
  return sql.join(parts, sql`, `);
}
