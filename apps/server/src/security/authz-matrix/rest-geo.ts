import type { OutOfScope, RestEntry } from './catalogue-types';
import { adminOnly, entry } from './rest-catalogue-helpers';

/** IE-70: the Geo sites lists and their statuses, under both of GitLab's names; administrators only. */
export const geoEntries: RestEntry[] = ['geo_nodes', 'geo_sites'].flatMap((name) => [
  entry('GET', `/api/v4/${name}`, 'plain', () => `/api/v4/${name}`, adminOnly),
  entry('GET', `/api/v4/${name}/status`, 'plain', () => `/api/v4/${name}/status`, adminOnly),
]);

const geoReason = 'Geo sites: need a site outside the bundle; attacked by modules/geo/geo.rest.test.ts';

export const geoOutOfScope: OutOfScope[] = ['geo_nodes', 'geo_sites']
  .flatMap((name) => [
    `GET /api/v4/${name}/:id`,
    `GET /api/v4/${name}/:id/status`,
    `POST /api/v4/${name}`,
    `PUT /api/v4/${name}/:id`,
    `DELETE /api/v4/${name}/:id`,
  ])
  .map((key) => ({ key, reason: geoReason }))
  .concat({
    key: 'POST /api/v4/geo/status',
    reason:
      "a secondary site's status report: no user at all, authenticated by its site's HMAC signature over the raw body (401 otherwise, 404 unknown site): attacked by modules/geo/geo-status-report.rest.test.ts",
  });
