import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { IssuesTable } from '../../db/schema';
import type { Actor } from '../../policy/actor';
import { issueReadable } from '../../policy/sql-scopes';
import type { IssuableListScope } from '../issuables';
import {
  type IssuableLister,
  type IssuableOrder,
  type IssuableProjectColumns,
  type IssuableSource,
  isNotNullOrder,
  issuableOrderBy,
  issuableProjectColumns,
  issuesWithProject,
  listScopeCondition,
  milestoneDueDate,
  type OrderKeyType,
  orderKeyColumns,
  upvoteCount,
} from '../issuables';
import { issueFilterConditions } from './issue-filter-sql';
import type { IssueFilters, IssueOrderBy } from './issue-filters';

/** An issues row with what policy and presenters need from its project and namespace. */
export type IssueRow = Selectable<IssuesTable> &
  IssuableProjectColumns & {
    project_issues_enabled: boolean;
    project_archived: boolean;
    /** Hidden by moderation: its author is banned, or it was submitted as spam (admins still see it). */
    hidden: boolean;
  };

/** Where to list from: one project, a group and its subgroups, or everything readable (`GET /issues`). */
export type IssueListScope = IssuableListScope;

/** Select base: issues `i` with project `p` and namespace `n`. */
export function issueQuery(db: Database) {
  return issuesWithProject(db)
    .selectAll('i')
    .select([
      ...issuableProjectColumns,
      'p.issues_enabled as project_issues_enabled',
      'p.archived as project_archived',
      sql<boolean>`(i.hidden_as_spam OR EXISTS (SELECT 1 FROM users hu WHERE hu.id = i.author_id AND hu.state = 'banned'))`.as(
        'hidden',
      ),
    ]);
}

/** canIssue(read_issue) as SQL over the list's aliases (i, p, n unless named). */
export function issueVisibility(
  actor: Actor | null,
  aliases: { i: string; p: string; n: string } = { i: 'i', p: 'p', n: 'n' },
): RawBuilder<boolean> {
  return issueReadable(actor, aliases);
}

export const scopeCondition = (scope: IssueListScope) => listScopeCondition(issueSource, scope);

const labelPriority = sql`(SELECT min(l.priority) FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id)`;

function orderExpressions(orderBy: IssueOrderBy): RawBuilder<unknown>[] {
  switch (orderBy) {
    case 'popularity':
      return [upvoteCount(issueSource)];
    case 'milestone_due':
      return [milestoneDueDate(issueSource)];
    case 'label_priority':
      return [labelPriority];
    case 'priority':
      return [milestoneDueDate(issueSource), labelPriority];
    default:
      // The other orders are the issue column of the same name (the enum is validated at the edge).
      return [sql.raw(`i.${orderBy}`)];
  }
}

/** The SQL type of each expression of `orderExpressions`, in the same order. */
const orderKeyTypes: Record<IssueOrderBy, OrderKeyType[]> = {
  created_at: ['timestamptz'],
  updated_at: ['timestamptz'],
  title: ['text'],
  due_date: ['date'],
  relative_position: ['int'],
  weight: ['int'],
  popularity: ['bigint'],
  milestone_due: ['date'],
  label_priority: ['int'],
  priority: ['date', 'int'],
};

/** ORDER BY for a list: the chosen column(s) (nullable ones NULLS LAST), then id in the same direction. */
export function orderByClause(f: IssueFilters): RawBuilder<unknown> {
  const orderBy = f.orderBy ?? 'created_at';
  return issuableOrderBy(issueSource, { orderBy, sort: f.sort }, orderExpressions(orderBy));
}

/** The list's order as typed keys (what `orderByClause` sorts by), for keyset batches over it. */
export function issueOrder(f: IssueFilters): IssuableOrder {
  const orderBy = f.orderBy ?? 'created_at';
  const types = orderKeyTypes[orderBy];
  return {
    sort: f.sort,
    keys: orderExpressions(orderBy).map((expression, k) => ({ expression, type: types[k] ?? 'text' })),
    notNull: isNotNullOrder(orderBy),
  };
}

/** Issues as an issuable list source (modules/issuables). */
export const issueSource: IssuableSource = { table: 'issues', alias: 'i', readable: issueReadable };

/** How issues are listed (`issuableListReads`): the scope, what the actor may read and the filters, in their order. */
export const issueLister: IssuableLister<IssueRow, IssueFilters> = {
  source: issueSource,
  name: 'Issue',
  byIid: (db, actor, projectId, iid) =>
    issueQuery(db)
      .where('i.project_id', '=', projectId)
      .where('i.iid', '=', iid)
      .where(issueVisibility(actor))
      .executeTakeFirst(),
  conditions: (actor, scope, filters) => [
    scopeCondition(scope),
    issueVisibility(actor),
    ...issueFilterConditions(actor, filters),
  ],
  rows: (db, filters, where) => issueQuery(db).where(where).orderBy(orderByClause(filters)),
  batch: (db, filters, order, where, limit) =>
    issueQuery(db).select(orderKeyColumns(order)).where(where).orderBy(orderByClause(filters)).limit(limit).execute(),
  order: issueOrder,
};
