import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { parseInput, requestParams } from '../../rest/params';
import {
  type ApplicationSettings,
  getApplicationSettings,
  readApplicationSettings,
  SETTING_RULES,
  updateApplicationSettings,
} from './application-settings.service';

/** A whole number in [min, max], as a JSON number or a numeric string (form and query parameters). */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be between ${min} and ${max}`)
      .max(max, `must be between ${min} and ${max}`),
  );

const updateParams = z.object({
  first_day_of_week: wholeNumber(SETTING_RULES.first_day_of_week.min, SETTING_RULES.first_day_of_week.max).optional(),
  roadmap_epics_limit: wholeNumber(
    SETTING_RULES.roadmap_epics_limit.min,
    SETTING_RULES.roadmap_epics_limit.max,
  ).optional(),
});

/**
 * GitLab's `GET` / `PUT /application/settings` under /api/v4 (instance administrators; only the
 * settings Meridian has).
 */
export const applicationSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/application/settings', async (request) => readApplicationSettings(db, request.actor));

  app.put('/application/settings', async (request) => {
    const input: Partial<ApplicationSettings> = parseInput(updateParams, requestParams(request));
    if (input.first_day_of_week === undefined && input.roadmap_epics_limit === undefined) {
      throw badRequest(
        'first_day_of_week, roadmap_epics_limit are missing, at least one parameter must be provided',
        'first_day_of_week',
      );
    }
    return updateApplicationSettings(db, request.actor, input);
  });
};

/** The public, read-only `GET /-/config.json` the web app boots with (no secrets, no auth). */
export const clientConfigRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.get('/-/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getApplicationSettings(db);
  });
};
