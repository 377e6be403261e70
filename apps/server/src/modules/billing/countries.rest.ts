import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { parseInput, requestParams } from '../../rest/params';
import { countriesForSelect, statesForCountry } from './countries';

const statesQuery = z.object({
  country: z
    .string()
    .max(2)
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
});

/**
 * IE-57, public as GitLab's `CountriesController` and `CountryStatesController`:
 * `GET /-/countries` (`[[name, alpha2], …]`) and `GET /-/country_states?country=US` (`{name: code}`).
 */
export const countriesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
  applyGitlabTransport(app);
  app.get('/-/countries', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return countriesForSelect();
  });
  app.get('/-/country_states', async (request, reply) => {
    const { country } = parseInput(statesQuery, requestParams(request));
    const states = statesForCountry(country);
    if (!states) throw notFound('Country');
    reply.header('cache-control', 'public, max-age=86400');
    return states;
  });
};
