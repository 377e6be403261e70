import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerIssuableCsvExports } from '../issuables';
import { mergeRequestCsvExport } from './mr-csv';
import { parseMergeRequestFilters } from './mr-params';

/**
 * "Export as CSV" of a merge request list (GitLab's `MergeRequests::ExportCsvService`, downloaded):
 * `GET /<project path>/-/merge_requests.csv` and `GET /groups/<group path>/-/merge_requests.csv`
 * take the REST list's query parameters (filters and sort, no page) and stream every merge request
 * the caller may read, in the list's order, in keyset batches. A hidden project or group is 404.
 */
export const mergeRequestExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  registerIssuableCsvExports(app, db, 'merge_requests', parseMergeRequestFilters, (actor, scope, filters) =>
    mergeRequestCsvExport(ctx, db, actor, { scope, filters }),
  );
};
