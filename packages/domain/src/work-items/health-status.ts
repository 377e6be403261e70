import type { HealthStatus } from '../quick-actions/arguments';

/** GitLab's names of the stored health statuses (`issues.health_status`). */
const TEXT: Record<HealthStatus, string> = {
  on_track: 'On track',
  needs_attention: 'Needs attention',
  at_risk: 'At risk',
};

/** 'On track', 'Needs attention', 'At risk'; null for no or an unknown status. */
export function healthStatusText(status: string | null | undefined): string | null {
  return status && Object.hasOwn(TEXT, status) ? TEXT[status as HealthStatus] : null;
}

/**
 * The parts of GitLab's `#12+s` summary that follow the reference, each set one in this order: the
 * assignees, the milestone, the health status. Shown as `Title (#12 - @alice, @bob - v1.0 - On track)`.
 */
export function referenceSummaryParts(item: {
  assignees: readonly string[];
  milestone: string | null;
  healthStatus: string | null;
}): string[] {
  const parts: string[] = [];
  if (item.assignees.length > 0) parts.push(item.assignees.map((username) => `@${username}`).join(', '));
  if (item.milestone) parts.push(item.milestone);
  const health = healthStatusText(item.healthStatus);
  if (health) parts.push(health);
  return parts;
}
