import type { MetricImageRow } from './metric-images.service';

/** Where a metric image's file is served (GitLab's upload path for IssuableMetricImage). */
export const metricImageFilePath = (row: Pick<MetricImageRow, 'id' | 'filename'>) =>
  `/uploads/-/system/issuable_metric_image/file/${row.id}/${encodeURIComponent(row.filename)}`;

/** GitLab's API::Entities::IssuableMetricImage. */
export function presentMetricImage(row: MetricImageRow) {
  return {
    id: row.id,
    created_at: row.created_at,
    filename: row.filename,
    file_path: metricImageFilePath(row),
    url: row.url,
    url_text: row.url_text,
  };
}
