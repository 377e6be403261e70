import type { Database } from '../../db/connection';
import type { ListPage } from '../../db/list-page';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { mergeRequestReadable } from '../../policy/sql-scopes';
import { countIssuables, type IssuableListResult, issuableBatches, listIssuables, orderKeyColumns } from '../issuables';
import { mergeRequestFilterConditions } from './mr-filter-sql';
import type { MergeRequestFilters } from './mr-filters';
import {
  type MergeRequestListScope,
  type MergeRequestRow,
  mergeRequestOrder,
  mergeRequestQuery,
  mergeRequestSource,
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
export async function listMergeRequests<D = undefined>(
  db: Database,
  actor: Actor | null,
  scope: MergeRequestListScope,
  filters: MergeRequestFilters,
  page: MergeRequestPage,
  loadDetails?: (rows: MergeRequestRow[]) => Promise<D>,
): Promise<IssuableListResult<MergeRequestRow, D>> {
  return listIssuables(
    db,
    mergeRequestSource,
    actor,
    {
      where: listConditions(actor, scope, filters),
      rows: (where) => mergeRequestQuery(db).where(where).orderBy(orderByClause(filters)),
      order: filters,
    },
    page,
    loadDetails,
  );
}

/** What a list of merge requests matches: its scope, what the actor may read, and the filters. */
function listConditions(actor: Actor | null, scope: MergeRequestListScope, filters: MergeRequestFilters) {
  return [scopeCondition(scope), mergeRequestReadable(actor), ...mergeRequestFilterConditions(actor, filters)];
}

/**
 * Every merge request `listMergeRequests` would list (same scope, visibility, filters and order, no
 * page), in keyset batches of `batchSize`: a caller streaming them holds one batch at a time.
 */
export function mergeRequestBatches(
  db: Database,
  actor: Actor | null,
  scope: MergeRequestListScope,
  filters: MergeRequestFilters,
  batchSize = 500,
): AsyncGenerator<MergeRequestRow[]> {
  const order = mergeRequestOrder(filters);
  return issuableBatches(mergeRequestSource, order, listConditions(actor, scope, filters), batchSize, (where, limit) =>
    mergeRequestQuery(db)
      .select(orderKeyColumns(order))
      .where(where)
      .orderBy(orderByClause(filters))
      .limit(limit)
      .execute(),
  );
}

/** How many merge requests `listMergeRequests` would list in all (capped at COUNT_CAP + 1), without reading a page. */
export function countMergeRequests(
  db: Database,
  actor: Actor | null,
  scope: MergeRequestListScope,
  filters: MergeRequestFilters,
): Promise<number> {
  return countIssuables(db, mergeRequestSource, listConditions(actor, scope, filters));
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
    .where(mergeRequestReadable(actor))
    .executeTakeFirst();
  if (!row) throw notFound('Merge Request');
  return row;
}
