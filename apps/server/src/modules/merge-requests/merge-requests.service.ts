import { sql } from 'kysely';
import { cappedCount } from '../../db/capped-count';
import type { Database } from '../../db/connection';
import { keysetCursorId, type ListPage, pageResult } from '../../db/list-page';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { allOf } from '../issues/issue-filter-sql';
import { mergeRequestFilterConditions } from './mr-filter-sql';
import type { MergeRequestFilters } from './mr-filters';
import {
  afterCursor,
  keysetOrders,
  type MergeRequestListScope,
  type MergeRequestRow,
  mergeRequestQuery,
  mergeRequestVisibility,
  orderByClause,
  scopeCondition,
} from './mr-query';

export type { MergeRequestFilters } from './mr-filters';
export type { MergeRequestListScope, MergeRequestRow } from './mr-query';

export type MergeRequestPage = ListPage;

/**
 * Merge requests visible to the actor in a project, a group (with subgroups) or everywhere,
 * filtered and ordered. Visibility is in the SQL, so `total` never counts hidden rows.
 * Two statements: the page and the count.
 */
export async function listMergeRequests(
  db: Database,
  actor: Actor | null,
  scope: MergeRequestListScope,
  filters: MergeRequestFilters,
  page: MergeRequestPage,
): Promise<{ rows: MergeRequestRow[]; total: number; nextCursor: string | null }> {
  const where = allOf([
    scopeCondition(scope),
    mergeRequestVisibility(actor),
    ...mergeRequestFilterConditions(actor, filters),
  ]);
  const keyset = page.after !== undefined;
  let pageWhere = where;
  let cursorCheck: Promise<void> = Promise.resolve();
  if (page.after !== undefined) {
    const id = keysetCursorId(page.after, filters.orderBy ?? 'created_at', keysetOrders);
    pageWhere = allOf([where, afterCursor(actor, filters, id)]);
    cursorCheck = assertCursorReadable(db, actor, id);
  }
  const [, rows, count] = await Promise.all([
    cursorCheck,
    mergeRequestQuery(db)
      .where(pageWhere)
      .orderBy(orderByClause(filters))
      .limit(page.limit + 1)
      .offset(keyset ? 0 : (page.offset ?? 0))
      .execute(),
    cappedCount(
      db,
      db
        .selectFrom('merge_requests as mr')
        .innerJoin('projects as p', 'p.id', 'mr.project_id')
        .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
        .select(sql<number>`1`.as('one'))
        .where(where),
    ),
  ]);
  return pageResult(rows, page.limit, count);
}

/** 400 `cursor is invalid` unless the cursor's merge request exists and the actor may read it (one answer for both). */
async function assertCursorReadable(db: Database, actor: Actor | null, cursorId: number): Promise<void> {
  const row = await mergeRequestQuery(db)
    .clearSelect()
    .select('mr.id')
    .where('mr.id', '=', cursorId)
    .where(mergeRequestVisibility(actor))
    .executeTakeFirst();
  if (!row) throw badRequest('cursor is invalid', 'cursor');
}

/** One merge request by project and iid; 404 `Merge Request Not Found` when missing or hidden. */
export async function findMergeRequest(
  db: Database,
  actor: Actor | null,
  projectId: number,
  iid: number,
): Promise<MergeRequestRow> {
  const row = await mergeRequestQuery(db)
    .where('mr.project_id', '=', projectId)
    .where('mr.iid', '=', iid)
    .where(mergeRequestVisibility(actor))
    .executeTakeFirst();
  if (!row) throw notFound('Merge Request');
  return row;
}
