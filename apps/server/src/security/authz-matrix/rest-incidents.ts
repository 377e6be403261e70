import type { OutOfScope, RestEntry } from './catalogue-types';
import { entry, I, read } from './rest-catalogue-helpers';

/** IE-78: an issue's metric images list, for who may read the issue (the bundle's issue has none). */
export const incidentEntries: RestEntry[] = [
  entry(
    'GET',
    '/api/v4/projects/:id/issues/:issue_iid/metric_images',
    'conf',
    (c) => `${I(c)}/metric_images`,
    (c) => read(c, c.o.issue('read_issue')),
  ),
];

const metricImagesReason =
  "metric images are an incident's (the bundle's issue is not one) and need a file: attacked by modules/incidents/metric-images.rest.test.ts";

export const incidentOutOfScope: OutOfScope[] = [
  'POST /api/v4/projects/:id/issues/:issue_iid/metric_images',
  'PUT /api/v4/projects/:id/issues/:issue_iid/metric_images/:image_id',
  'DELETE /api/v4/projects/:id/issues/:issue_iid/metric_images/:image_id',
  'GET /uploads/-/system/issuable_metric_image/file/:image_id/:filename',
].map((key) => ({ key, reason: metricImagesReason }));
