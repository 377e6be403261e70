import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import type { ListPage } from '../../db/list-page';
import type { ListPageOptions } from '../../rest/gitlab-list-params';
import { setKeysetLinkHeader, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath } from '../../rest/params';
import { findGroup, findProject } from '../namespaces';
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
