import type { StatusCheckRow } from './status-checks.service';

/** GitLab's ExternalStatusCheck entity: the shared secret is never answered, only whether there is one. */
export function presentStatusCheck(row: StatusCheckRow) {
  return {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    external_url: row.external_url,
    // Meridian has no protected branches: a check applies to every branch.
    protected_branches: [] as unknown[],
    hmac: row.shared_secret !== null && row.shared_secret !== '',
  };
}

/** GitLab's MergeRequests::StatusCheck entity: the URL without its query string (it may carry a token). */
export function presentMergeRequestStatusCheck(row: StatusCheckRow, status: string) {
  return {
    id: row.id,
    name: row.name,
    external_url: row.external_url.split('?')[0] ?? '',
    status,
  };
}
