import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerIssuableCsvExports } from '../issuables';
import { issueCsvExport } from './issue-csv';
import { parseIssueFilters } from './issue-params';

/**
 * "Export as CSV" of an issue list (GitLab's `Issues::ExportCsvService`, downloaded rather than
 * mailed): `GET /<project path>/-/issues.csv` and `GET /groups/<group path>/-/issues.csv` take the
 * REST list's query parameters (filters and sort, no page) and stream every issue the caller may
 * read, in the list's order, in keyset batches, with the epic columns where epics exist. A project
 * or group the caller may not see is 404.
 */
export const issueExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  registerIssuableCsvExports(app, db, 'issues', parseIssueFilters, (actor, scope, filters, inGroup) =>
    issueCsvExport(ctx, db, actor, { scope, filters, withEpics: inGroup }),
  );
};
