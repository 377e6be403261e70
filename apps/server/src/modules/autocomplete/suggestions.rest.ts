import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { autocompleteRoutes } from './autocomplete.rest';
import { pageJsonRoutes } from './page-json.rest';

/** Every suggestion endpoint the filtered-search bar calls (outside /api/v4, as in GitLab). */
export const suggestionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(autocompleteRoutes, { ctx });
  await app.register(pageJsonRoutes, { ctx });
};
