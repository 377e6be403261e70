import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import type { ListPage } from '../../db/list-page';
import { type CsvExport, csvChunks } from '../../lib/csv-export';
import type { Actor } from '../../policy/actor';
import type { ListPageOptions } from '../../rest/gitlab-list-params';
import { setKeysetLinkHeader, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath } from '../../rest/params';
import { findGroup, findProject, registerCsvExportRoutes } from '../namespaces';
import type { IssuableListScope } from './list-issuables';

/** The page a parsed list request asks for: offset pages, or keyset pages after a cursor. */
export function listPageOf(opts: ListPageOptions): ListPage {
  return {
    limit: opts.perPage,
    offset: (opts.page - 1) * opts.perPage,
    after: opts.keyset ? (opts.cursor ?? undefined) : undefined,
  };
}

/** GitLab's pagination headers for a list page: a keyset `Link`, or the offset `X-*` headers. */
export function setListPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: ListPageOptions,
  result: { total: number; nextCursor: string | null },
): void {
  if (opts.keyset) setKeysetLinkHeader(request, reply, opts.perPage, result.nextCursor);
  else setPaginationHeaders(request, reply, { page: opts.page, per_page: opts.perPage }, result.total);
}

type ListHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  scope: IssuableListScope,
  contextPath: string | null,
) => Promise<unknown>;

/** `GET /projects/:id/<resource>`, `GET /groups/:id/<resource>` and `GET /<resource>`, each listing its scope. */
export function registerScopedListRoutes(app: FastifyInstance, db: Database, resource: string, list: ListHandler) {
  app.get<{ Params: { id: string } }>(`/projects/:id/${resource}`, async (request, reply) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    return list(request, reply, { projectId: project.id }, project.full_path);
  });

  app.get<{ Params: { id: string } }>(`/groups/:id/${resource}`, async (request, reply) => {
    const group = await findGroup(db, request.actor, parseIdOrPath(request.params.id));
    return list(request, reply, { groupId: group.id }, group.full_path);
  });

  app.get(`/${resource}`, async (request, reply) => list(request, reply, { all: true }, null));
}

/**
 * "Export as CSV" of an issue or merge request list (`registerCsvExportRoutes`, project and group):
 * the REST list's query parameters as `filtersOf` parses them (filters and sort, no page), and the
 * export `exportOf` builds for the list's scope; `inGroup`: the list lives in a group (epics exist).
 */
export function registerIssuableCsvExports<F, R, D>(
  app: FastifyInstance,
  db: Database,
  list: string,
  filtersOf: (query: Record<string, unknown>) => F,
  exportOf: (actor: Actor | null, scope: IssuableListScope, filters: F, inGroup: boolean) => CsvExport<R, D>,
): void {
  const filters = (request: FastifyRequest) => filtersOf(request.query as Record<string, unknown>);
  registerCsvExportRoutes(app, db, list, {
    project: (request, project) =>
      csvChunks(
        exportOf(request.actor, { projectId: project.id }, filters(request), project.namespace_type === 'Group'),
      ),
    group: (request, group) => csvChunks(exportOf(request.actor, { groupId: group.id }, filters(request), true)),
  });
}
