import type { MergeRequest } from '../../lib/types';
import type { BadgeVariant } from '../../ui/Badge';

/** GitLab's merge request state badges. */
export const MR_STATE_BADGE: Record<MergeRequest['state'], { label: string; variant: BadgeVariant }> = {
  opened: { label: 'Open', variant: 'success' },
  merged: { label: 'Merged', variant: 'info' },
  closed: { label: 'Closed', variant: 'danger' },
  locked: { label: 'Locked', variant: 'neutral' },
};

export function mrStateBadge(state: string): { label: string; variant: BadgeVariant } {
  return MR_STATE_BADGE[state as MergeRequest['state']] ?? { label: state, variant: 'neutral' };
}
