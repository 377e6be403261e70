import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { parseInput } from '../../rest/params';
import { namespacePathRoutes } from '../namespaces';
import { gfmSuggestions } from './gfm-sources.service';
import { GFM_SOURCES, type GfmSourceName, gfmSourceParams } from './gfm-sources-params';
import { containerFromPath } from './suggestion-container';
import { suggestionErrorHandler } from './suggestion-error-handler';

/**
 * GitLab's Markdown autocomplete sources beside the pages:
 * `/<namespace path>/<project>/-/autocomplete_sources/<source>` and
 * `/groups/<group path>/-/autocomplete_sources/<source>` (members, issues, merge_requests, labels,
 * milestones, epics, emojis). A missing or hidden project or group is 404; one route per path depth,
 * as the page-JSON routes.
 */
export const gfmSourcesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(suggestionErrorHandler);
  const last = `autocomplete_sources/:source(^(?:${GFM_SOURCES.join('|')})$)`;

  for (const kind of ['group', 'project'] as const) {
    for (const path of namespacePathRoutes(kind)) {
      app.get(path.url(last), async (request) => {
        const params = request.params as Record<string, string>;
        const fullPath = path.fullPath(params);
        const q = parseInput(gfmSourceParams, request.query);
        const container = await containerFromPath(db, request.actor, kind, fullPath);
        return gfmSuggestions(ctx, db, request.actor, container, params.source as GfmSourceName, q);
      });
    }
  }
};
