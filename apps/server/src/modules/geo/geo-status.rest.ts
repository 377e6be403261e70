import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { receiveGeoStatusReport } from './geo-status-report.service';
import { GEO_SIGNATURE_HEADER } from './geo-status-signature';

/** A report is a few hundred bytes; anything over 16 KiB is refused (413) before it is read whole. */
export const GEO_STATUS_MAX_BYTES = 16 * 1024;

/**
 * `POST /api/v4/geo/status`: a secondary site's status report, sent by its reporter
 * (geo-status-reporter.ts). Registered beside the REST scope, not in it: the caller is a site, not a
 * user, and the scope refuses anonymous writes before they are read. The signature covers the exact
 * bytes sent, so the body is kept as text.
 */
export const geoStatusReportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: GEO_STATUS_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post('/api/v4/geo/status', { bodyLimit: GEO_STATUS_MAX_BYTES }, async (request, reply) => {
    const header = request.headers[GEO_SIGNATURE_HEADER];
    await receiveGeoStatusReport(ctx.database.db, {
      signature: typeof header === 'string' ? header : undefined,
      body: typeof request.body === 'string' ? request.body : '',
    });
    reply.code(201);
    return { received: true };
  });
};
