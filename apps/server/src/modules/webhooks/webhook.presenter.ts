import { HOOK_EVENT_FLAGS, hookAlertStatus } from '@meridian/domain';
import type { Selectable } from 'kysely';
import type { WebHooksTable } from '../../db/schema';

export type HookRow = Selectable<WebHooksTable>;

export interface KeyValue {
  key: string;
  value: string;
}

/** The flags GitLab's project hook entity answers; group hooks add the group-only ones. */
const GROUP_ONLY_FLAGS = new Set(['subgroup_events', 'member_events', 'project_events']);

/**
 * A hook as GitLab's API answers it: never the token, and only the keys of custom headers and URL
 * variables (their values are secrets too).
 */
export function presentHook(row: HookRow, now = new Date()) {
  const flags = Object.fromEntries(
    HOOK_EVENT_FLAGS.filter((flag) => row.group_id !== null || !GROUP_ONLY_FLAGS.has(flag)).map((flag) => [
      flag,
      row[flag],
    ]),
  );
  const state = {
    recentFailures: row.recent_failures,
    backoffCount: row.backoff_count,
    disabledUntil: row.disabled_until,
  };
  const alertStatus = hookAlertStatus(state, now);
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    description: row.description,
    ...(row.group_id !== null ? { group_id: row.group_id } : { project_id: row.project_id }),
    created_at: row.created_at.toISOString(),
    ...flags,
    enable_ssl_verification: row.enable_ssl_verification,
    repository_update_events: false,
    alert_status: alertStatus,
    disabled_until: alertStatus === 'temporarily_disabled' ? (row.disabled_until?.toISOString() ?? null) : null,
    url_variables: (row.url_variables as KeyValue[]).map(({ key }) => ({ key })),
    push_events_branch_filter: row.push_events_branch_filter,
    branch_filter_strategy: row.branch_filter_strategy,
    custom_webhook_template: row.custom_webhook_template,
    custom_headers: (row.custom_headers as KeyValue[]).map(({ key }) => ({ key })),
  };
}
