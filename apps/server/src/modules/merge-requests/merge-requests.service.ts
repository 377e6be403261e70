import type { Database } from '../../db/connection';
import type { ListPage } from '../../db/list-page';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { mergeRequestReadable } from '../../policy/sql-scopes';
import { issuableListReads } from '../issuables';
import { type MergeRequestRow, mergeRequestLister, mergeRequestQuery } from './mr-query';

export type { MergeRequestFilters } from './mr-filters';
export type { MergeRequestListScope, MergeRequestRow } from './mr-query';

export type MergeRequestPage = ListPage;

const mergeRequestLists = issuableListReads(mergeRequestLister);

/**
 * Merge requests visible to the actor in a project, a group (with subgroups) or everywhere,
 * filtered and ordered. Visibility is in the SQL, so `total` never counts hidden rows.
 * Two statements: the page and the count.
 */
export const listMergeRequests = mergeRequestLists.list;

/**
 * Every merge request `listMergeRequests` would list (same scope, visibility, filters and order, no
 * page), in keyset batches of `batchSize`: a caller streaming them holds one batch at a time.
 */
export const mergeRequestBatches = mergeRequestLists.batches;

/** How many merge requests `listMergeRequests` would list in all (capped at COUNT_CAP + 1), without reading a page. */
export const countMergeRequests = mergeRequestLists.count;

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
