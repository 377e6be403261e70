import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { csvChunks } from '../../lib/csv-export';
import { registerCsvExportRoutes } from '../namespaces';
import { issueCsvExport } from './issue-csv';
import { parseIssueFilters } from './issue-params';

/**
 * "Export as CSV" of an issue list (GitLab's `Issues::ExportCsvService`, downloaded rather than
 * mailed): `GET /<project path>/-/issues.csv` and `GET /groups/<group path>/-/issues.csv` take the
 * REST list's query parameters (filters and sort, no page) and stream every issue the caller may
 * read, in the list's order, in keyset batches. A project or group the caller may not see is 404.
 */
export const issueExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const filtersOf = (request: FastifyRequest) => parseIssueFilters(request.query as Record<string, unknown>);
  registerCsvExportRoutes(app, db, 'issues', {
    project: (request, project) =>
      csvChunks(
        issueCsvExport(ctx, db, request.actor, {
          scope: { projectId: project.id },
          filters: filtersOf(request),
          withEpics: project.namespace_type === 'Group',
        }),
      ),
    group: (request, group) =>
      csvChunks(
        issueCsvExport(ctx, db, request.actor, {
          scope: { groupId: group.id },
          filters: filtersOf(request),
          withEpics: true,
        }),
      ),
  });
};
