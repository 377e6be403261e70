import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { parseInput, requestParams } from '../../rest/params';
import { SETTING_KEYS, settingsUpdateSchema } from './application-settings.definitions';
import { getPublicSettings, readApplicationSettings, updateApplicationSettings } from './application-settings.service';

/**
 * GitLab's `GET` / `PUT /application/settings` under /api/v4 (instance administrators; only the
 * settings Meridian has).
 */
export const applicationSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/application/settings', async (request) => readApplicationSettings(db, request.actor));

  app.put('/application/settings', async (request) => {
    const input = parseInput(settingsUpdateSchema, requestParams(request));
    if (SETTING_KEYS.every((key) => input[key] === undefined)) {
      throw badRequest(
        `${SETTING_KEYS.join(', ')} are missing, at least one parameter must be provided`,
        SETTING_KEYS[0],
      );
    }
    return updateApplicationSettings(db, request.actor, input);
  });
};

/**
 * The public, read-only `GET /-/config.json` the web app boots with (no secrets, no auth); on a Geo
 * secondary also `geo_secondary` and the primary's URL, for the read-only banner.
 */
export const clientConfigRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const site = ctx.site.secondary ? { geo_secondary: true, geo_primary_url: ctx.site.primaryUrl } : {};
  app.get('/-/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { ...(await getPublicSettings(db)), ...site };
  });
};
