import { HEALTH_STATUS_TEXT, HEALTH_STATUSES, type HealthStatus } from '@meridian/domain';
import type { BadgeVariant } from '../../ui/Badge';

const VARIANT: Record<HealthStatus, BadgeVariant> = {
  on_track: 'success',
  needs_attention: 'warning',
  at_risk: 'danger',
};

/** IE §4's health statuses: their labels (the domain's names) and badge variants, in GitLab's order. */
export const HEALTH_STATUS = Object.fromEntries(
  HEALTH_STATUSES.map((status) => [status, { text: HEALTH_STATUS_TEXT[status], variant: VARIANT[status] }]),
) as Record<HealthStatus, { text: string; variant: BadgeVariant }>;
