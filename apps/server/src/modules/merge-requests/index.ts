/** The merge-requests module's face: all that code outside it may import (modules/README.md). */
export { countMergeRequests, findMergeRequest, listMergeRequests } from './merge-requests.service';
export { mergeRequestCsvExport } from './mr-csv';
export { loadMergeRequestDetails, type MergeRequestDetails } from './mr-details';
export type { MergeRequestFilters, MergeRequestOrderBy } from './mr-filters';
export { type MergeRequestInput, parseUpdateMergeRequest } from './mr-input';
export { parseMergeRequestFilters } from './mr-params';
export { presentMergeRequestFor } from './mr-present';
export type { MergeRequestRow } from './mr-query';
export { reviewStartsByIds } from './mr-review-time';
export {
  createMergeRequest,
  MethodNotAllowedError,
  mayBeAssignedToMergeRequest,
  mayCreateMergeRequests,
  mayEditMergeRequests,
  updateMergeRequest,
} from './mr-write.service';
