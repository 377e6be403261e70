import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import { todayIso } from '../../lib/today';
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
  const fileName = (path: string) => `${path}-${list}-${todayIso()}.csv`;
  const { project: forProject, group: forGroup } = exporters;
  if (forProject) {
    for (const route of namespacePathRoutes('project')) {
      app.get(route.url(`${list}.csv`), async (request, reply) => {
        const fullPath = route.fullPath(request.params as Record<string, string>);
        const project = await findProject(db, request.actor, { fullPath });
        return sendCsv(reply, fileName(project.path), forProject(request, project));
      });
    }
  }
  if (forGroup) {
    for (const route of namespacePathRoutes('group')) {
      app.get(route.url(`${list}.csv`), async (request, reply) => {
        const fullPath = route.fullPath(request.params as Record<string, string>);
        const group = await findGroup(db, request.actor, { fullPath });
        return sendCsv(reply, fileName(group.path), forGroup(request, group));
      });
    }
  }
}
