/**
 * GitLab's health statuses of issues and epics, one vocabulary for every transport: stored and
 * sent over REST as `on_track`, `needs_attention`, `at_risk`; GraphQL's `HealthStatus` enum spells
 * them `onTrack`, `needsAttention`, `atRisk`; people read 'On track', 'Needs attention', 'At risk'.
 */

/** The stored (`issues.health_status`) and REST spellings, in GitLab's order. */
export const HEALTH_STATUSES = ['on_track', 'needs_attention', 'at_risk'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** GraphQL's `HealthStatus` enum value of each stored status. */
export const GRAPHQL_HEALTH_STATUS = {
  on_track: 'onTrack',
  needs_attention: 'needsAttention',
  at_risk: 'atRisk',
} as const satisfies Record<HealthStatus, string>;
export type GraphqlHealthStatus = (typeof GRAPHQL_HEALTH_STATUS)[HealthStatus];

/** The stored status of each GraphQL `HealthStatus` enum value (the map above, inverted). */
export const HEALTH_STATUS_OF_GRAPHQL = Object.fromEntries(
  HEALTH_STATUSES.map((status) => [GRAPHQL_HEALTH_STATUS[status], status]),
) as { readonly [S in HealthStatus as (typeof GRAPHQL_HEALTH_STATUS)[S]]: S };

/** GitLab's names of the statuses. */
export const HEALTH_STATUS_TEXT: Readonly<Record<HealthStatus, string>> = {
  on_track: 'On track',
  needs_attention: 'Needs attention',
  at_risk: 'At risk',
};

/** Whether `value` is one of the stored spellings (case-sensitive). */
export function isHealthStatus(value: unknown): value is HealthStatus {
  return typeof value === 'string' && (HEALTH_STATUSES as readonly string[]).includes(value);
}

/** The GraphQL enum value of a stored status; null for no or an unknown status. */
export function graphqlHealthStatus(status: string | null | undefined): GraphqlHealthStatus | null {
  return isHealthStatus(status) ? GRAPHQL_HEALTH_STATUS[status] : null;
}

/** 'On track', 'Needs attention', 'At risk'; null for no or an unknown status. */
export function healthStatusText(status: string | null | undefined): string | null {
  return isHealthStatus(status) ? HEALTH_STATUS_TEXT[status] : null;
}
