import type { Selectable } from 'kysely';
import type { WebHookLogsTable } from '../../db/schema';

/** A hook log as GitLab's hook events API answers it. */
export function presentHookLog(row: Selectable<WebHookLogsTable>) {
  return {
    id: row.id,
    url: row.url,
    trigger: row.trigger,
    request_headers: row.request_headers,
    request_data: row.request_data,
    response_headers: row.response_headers,
    response_body: row.response_body,
    execution_duration: row.execution_duration_ms / 1000,
    response_status: row.response_status,
    internal_error_message: row.internal_error_message,
    created_at: row.created_at.toISOString(),
  };
}
