import { healthStatusText } from '../issuables/health-status';

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
