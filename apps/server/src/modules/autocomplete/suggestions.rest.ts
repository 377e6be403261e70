import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { autocompleteRoutes } from './autocomplete.rest';
import { gfmSourcesRoutes } from './gfm-sources.rest';
import { pageJsonRoutes } from './page-json.rest';

/** Every suggestion endpoint the filtered-search bar and the Markdown autocomplete call (outside /api/v4, as in GitLab). */
export const suggestionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(autocompleteRoutes, { ctx });
  await app.register(pageJsonRoutes, { ctx });
  await app.register(gfmSourcesRoutes, { ctx });
};
