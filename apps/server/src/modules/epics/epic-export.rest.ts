import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { csvChunks } from '../../lib/csv-export';
import { parseInput } from '../../rest/params';
import { registerCsvExportRoutes } from '../namespaces';
import { epicCsvExport } from './epic-csv';
import { epicListParams, toEpicFilters } from './epic-params';

/**
 * "Export as CSV" of a group's epic list: `GET /groups/<group path>/-/epics.csv` takes the REST
 * list's query parameters (filters and sort; `page`, `per_page` and `cursor` are ignored) and
 * streams every epic the caller may read, in the list's order. A hidden group is 404.
 */
export const epicExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  registerCsvExportRoutes(app, db, 'epics', {
    group: (request, group) => {
      const { cursor: _cursor, ...params } = parseInput(epicListParams, request.query);
      return csvChunks(epicCsvExport(ctx, db, request.actor, { group, filters: toEpicFilters(params) }));
    },
  });
};
