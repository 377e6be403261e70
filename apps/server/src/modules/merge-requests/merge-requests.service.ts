import type { ListPage } from '../../db/list-page';
import { issuableListReads } from '../issuables';
import { mergeRequestLister } from './mr-query';

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
export const findMergeRequest = mergeRequestLists.find;
