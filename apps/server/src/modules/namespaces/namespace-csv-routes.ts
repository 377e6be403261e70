import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import { todayIso } from '../../lib/today';
import type { Actor } from '../../policy/actor';
import { sendCsv } from '../../rest/csv-response';
import type { GroupRow, ProjectRow } from './namespace-lookup.service';
import { findGroup, findProject } from './namespace-lookup.service';
import { namespacePathRoutes } from './namespace-path-routes';

/** The export's text chunks (`csvChunks` of the list's export). */
type Exporter<N> = (request: FastifyRequest, namespace: N) => AsyncGenerator<string>;

/**
 * The "Export as CSV" downloads of a list, beside its page: `GET /<project path>/-/<list>.csv` and
 * `GET /groups/<group path>/-/<list>.csv` at every path depth, named
 * `<path>-<list>-<YYYY-MM-DD>.csv`. A project or group the caller may not see is 404 (findProject,
 * findGroup); the exporter parses the list's parameters and answers its export's chunks.
 */
export function registerCsvExportRoutes(
  app: FastifyInstance,
  db: Database,
  list: string,
  exporters: { project?: Exporter<ProjectRow>; group?: Exporter<GroupRow> },
): void {
  if (exporters.project) {
    registerDownloads(
      app,
      'project',
      list,
      (actor, fullPath) => findProject(db, actor, { fullPath }),
      exporters.project,
    );
  }
  if (exporters.group) {
    registerDownloads(app, 'group', list, (actor, fullPath) => findGroup(db, actor, { fullPath }), exporters.group);
  }
}

/** One list's download at every path depth of a project or group that `find` answers (or 404s). */
function registerDownloads<N extends { path: string }>(
  app: FastifyInstance,
  kind: 'project' | 'group',
  list: string,
  find: (actor: Actor | null, fullPath: string) => Promise<N>,
  exporter: Exporter<N>,
): void {
  for (const route of namespacePathRoutes(kind)) {
    app.get(route.url(`${list}.csv`), async (request, reply) => {
      const namespace = await find(request.actor, route.fullPath(request.params as Record<string, string>));
      return sendCsv(reply, `${namespace.path}-${list}-${todayIso()}.csv`, exporter(request, namespace));
    });
  }
}
