import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { MergeRequestsTable } from '../../db/schema';
import { mergeRequestReadable } from '../../policy/sql-scopes';
import type { IssuableListScope } from '../issuables';
import {
  type IssuableLister,
  type IssuableOrder,
  type IssuableProjectColumns,
  type IssuableSource,
  isNotNullOrder,
  issuableOrderBy,
  issuableProjectColumns,
  listScopeCondition,
  mergeRequestsWithProject,
  milestoneDueDate,
  type OrderKeyType,
  orderKeyColumns,
  upvoteCount,
} from '../issuables';
import { mergeRequestFilterConditions } from './mr-filter-sql';
import type { MergeRequestFilters, MergeRequestListOrder } from './mr-filters';
import { reviewStartAt } from './mr-review-time';

/** A merge_requests row with what policy and presenters need from its project and namespace. */
export type MergeRequestRow = Selectable<MergeRequestsTable> &
  IssuableProjectColumns & {
    /** Hidden by moderation (its author is banned): only admins read it. */
    hidden: boolean;
  };

/** Where to list from: one project, a group and its subgroups, or everything readable. */
export type MergeRequestListScope = IssuableListScope;

/** Select base: merge requests `mr` with project `p` and namespace `n`. */
export function mergeRequestQuery(db: Database) {
  return mergeRequestsWithProject(db)
    .selectAll('mr')
    .select(issuableProjectColumns)
    .select(
      sql<boolean>`EXISTS (SELECT 1 FROM users hu WHERE hu.id = mr.author_id AND hu.state = 'banned')`.as('hidden'),
    );
}

export const scopeCondition = (scope: MergeRequestListScope) => listScopeCondition(mergeRequestSource, scope);

function orderExpression(orderBy: MergeRequestListOrder): RawBuilder<unknown> {
  switch (orderBy) {
    case 'created_at':
      return sql`mr.created_at`;
    case 'updated_at':
      return sql`mr.updated_at`;
    case 'merged_at':
      return sql`mr.merged_at`;
    case 'title':
      return sql`mr.title`;
    case 'popularity':
      return upvoteCount(mergeRequestSource);
    case 'milestone_due':
      return milestoneDueDate(mergeRequestSource);
    case 'review_time':
      return reviewStartAt();
  }
}

/** ORDER BY: the chosen column (nullable ones NULLS LAST), then id in the same direction. */
export function orderByClause(f: MergeRequestFilters): RawBuilder<unknown> {
  const orderBy = f.orderBy ?? 'created_at';
  return issuableOrderBy(mergeRequestSource, { orderBy, sort: f.sort }, [orderExpression(orderBy)]);
}

/** The SQL type of each order's expression. */
const orderKeyTypes: Record<MergeRequestListOrder, OrderKeyType> = {
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  merged_at: 'timestamptz',
  title: 'text',
  popularity: 'bigint',
  milestone_due: 'date',
  review_time: 'timestamptz',
};

/** The list's order as a typed key (what `orderByClause` sorts by), for keyset batches over it. */
export function mergeRequestOrder(f: MergeRequestFilters): IssuableOrder {
  const orderBy = f.orderBy ?? 'created_at';
  return {
    sort: f.sort,
    keys: [{ expression: orderExpression(orderBy), type: orderKeyTypes[orderBy] }],
    notNull: isNotNullOrder(orderBy),
  };
}

/** Merge requests as an issuable list source (modules/issuables). */
export const mergeRequestSource: IssuableSource = {
  table: 'merge_requests',
  alias: 'mr',
  readable: (actor, a) => mergeRequestReadable(actor, { mr: a.i, p: a.p, n: a.n }),
};

/** How merge requests are listed (`issuableListReads`): the scope, what the actor may read and the filters, in their order. */
export const mergeRequestLister: IssuableLister<MergeRequestRow, MergeRequestFilters> = {
  source: mergeRequestSource,
  name: 'Merge Request',
  byIid: (db, actor, projectId, iid) =>
    mergeRequestQuery(db)
      .where('mr.project_id', '=', projectId)
      .where('mr.iid', '=', iid)
      .where(mergeRequestReadable(actor))
      .executeTakeFirst(),
  conditions: (actor, scope, filters) => [
    scopeCondition(scope),
    mergeRequestReadable(actor),
    ...mergeRequestFilterConditions(actor, filters),
  ],
  rows: (db, filters, where) => mergeRequestQuery(db).where(where).orderBy(orderByClause(filters)),
  batch: (db, filters, order, where, limit) =>
    mergeRequestQuery(db)
      .select(orderKeyColumns(order))
      .where(where)
      .orderBy(orderByClause(filters))
      .limit(limit)
      .execute(),
  order: mergeRequestOrder,
};
