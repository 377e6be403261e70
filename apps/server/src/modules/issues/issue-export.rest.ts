import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { todayIso } from '../../lib/today';
import type { IssuableListScope } from '../issuables';
import { findGroup, findProject, namespacePathRoutes } from '../namespaces';
import { issueCsvTable } from './issue-csv';
import { loadIssueDetails } from './issue-details';
import { parseIssueFilters } from './issue-params';
import { issueBatches } from './issues.service';

/** Rows read (and their details loaded) per statement while streaming: what the export holds at once. */
const BATCH_SIZE = 500;

/**
 * "Export as CSV" of an issue list (GitLab's `Issues::ExportCsvService`, downloaded rather than
 * mailed): `GET /<project path>/-/issues.csv` and `GET /groups/<group path>/-/issues.csv` take the
 * REST list's query parameters (filters and sort, no page) and stream every issue the caller may
 * read, in the list's order, in keyset batches. A project or group the caller may not see is 404.
 */
export const issueExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function exportCsv(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: IssuableListScope,
    target: { path: string; withEpics: boolean },
  ) {
    const filters = parseIssueFilters(request.query as Record<string, unknown>);
    const table = issueCsvTable(ctx, { withEpics: target.withEpics });
    const batches = issueBatches(db, request.actor, scope, filters, BATCH_SIZE);
    // The first batch is read before the headers go out: a failing query still answers its status.
    const first = await batches.next();
    async function* chunks(): AsyncGenerator<string> {
      yield stringify([table.header]);
      if (first.done) return;
      for (let rows = first.value; ; ) {
        yield stringify(table.rows(rows, await loadIssueDetails(db, request.actor, rows)));
        const next = await batches.next();
        if (next.done) return;
        rows = next.value;
      }
    }
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${target.path}-issues-${todayIso()}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(chunks()));
  }

  for (const route of namespacePathRoutes('project')) {
    app.get(route.url('issues.csv'), async (request, reply) => {
      const fullPath = route.fullPath(request.params as Record<string, string>);
      const project = await findProject(db, request.actor, { fullPath });
      return exportCsv(
        request,
        reply,
        { projectId: project.id },
        {
          path: project.path,
          withEpics: project.namespace_type === 'Group',
        },
      );
    });
  }
  for (const route of namespacePathRoutes('group')) {
    app.get(route.url('issues.csv'), async (request, reply) => {
      const fullPath = route.fullPath(request.params as Record<string, string>);
      const group = await findGroup(db, request.actor, { fullPath });
      return exportCsv(request, reply, { groupId: group.id }, { path: group.path, withEpics: true });
    });
  }
};
