import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseIntParam, requestParams } from '../../rest/params';
import { appVersion } from '../../version';
import { presentGeoSite, presentGeoSiteStatus } from './geo-sites.presenter';
import {
  createGeoSite,
  deleteGeoSite,
  type GeoSiteRow,
  getGeoSite,
  listGeoSites,
  updateGeoSite,
} from './geo-sites.service';
import { geoSiteStatuses } from './geo-status.service';

/**
 * IE-70, IE-71: GitLab's Geo sites API, under both of its names (`geo_nodes`, and `geo_sites` since
 * GitLab 16), instance administrators only (401 anonymous, 403 others).
 */
export const geoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const links = { externalUrl: ctx.services.externalUrl };
  const siteId = (request: FastifyRequest) => parseIntParam((request.params as { id: string }).id, 'id');
  const present = (row: GeoSiteRow) => presentGeoSite(row, links);
  const statuses = async (rows: GeoSiteRow[]) =>
    (await geoSiteStatuses(db, rows, appVersion())).map((s) => presentGeoSiteStatus(s, links));

  for (const base of ['/geo_nodes', '/geo_sites']) {
    app.get(base, async (request) => {
      const rows = await listGeoSites(db, request.actor);
      return rows.map(present);
    });
    app.get(`${base}/status`, async (request) => statuses(await listGeoSites(db, request.actor)));
    app.get(`${base}/:id`, async (request) => present(await getGeoSite(db, request.actor, siteId(request))));
    app.get(
      `${base}/:id/status`,
      async (request) => (await statuses([await getGeoSite(db, request.actor, siteId(request))]))[0],
    );
    app.post(base, async (request, reply) => {
      const row = await createGeoSite(db, request.actor, requestParams(request));
      reply.code(201);
      return present(row);
    });
    app.put(`${base}/:id`, async (request) => {
      const id = siteId(request);
      return present(await updateGeoSite(db, request.actor, id, requestParams(request)));
    });
    app.delete(`${base}/:id`, async (request, reply) => {
      await deleteGeoSite(db, request.actor, siteId(request));
      reply.code(204);
    });
  }
};
