import type { NumberSetting } from './queries';

export interface NumberSection {
  title: string;
  help: string;
  fields: Array<{ key: NumberSetting; label: string }>;
}

/** The Network page's rate limits, grouped as GitLab's Admin > Settings > Network. A count of 0 turns a limit off. */
export const RATE_LIMIT_SECTIONS: NumberSection[] = [
  {
    title: 'Protected paths',
    help: 'Sign-in and sign-up requests per IP address.',
    fields: [
      { key: 'throttle_protected_paths_requests_per_period', label: 'Maximum requests per period per IP' },
      { key: 'throttle_protected_paths_period_in_seconds', label: 'Period in seconds' },
    ],
  },
  {
    title: 'Failed sign-in attempts',
    help: 'Failed sign-ins per account, from any address, before it must wait.',
    fields: [
      { key: 'max_login_attempts', label: 'Maximum failed attempts' },
      { key: 'failed_login_attempts_unlock_period_in_minutes', label: 'Wait in minutes' },
    ],
  },
  {
    title: 'Authenticated API writes',
    help: 'REST writes and GraphQL mutations per user.',
    fields: [
      { key: 'throttle_authenticated_api_requests_per_period', label: 'Maximum requests per period per user' },
      { key: 'throttle_authenticated_api_period_in_seconds', label: 'Period in seconds' },
    ],
  },
  {
    title: 'Unauthenticated API requests',
    help: 'Anonymous REST and GraphQL requests per IP address.',
    fields: [
      { key: 'throttle_unauthenticated_api_requests_per_period', label: 'Maximum requests per period per IP' },
      { key: 'throttle_unauthenticated_api_period_in_seconds', label: 'Period in seconds' },
    ],
  },
  {
    title: 'Notes rate limit',
    help: 'Comments created per user per minute.',
    fields: [{ key: 'notes_create_limit', label: 'Maximum requests per minute' }],
  },
  {
    title: 'Search rate limits',
    help: 'Searches per minute.',
    fields: [
      { key: 'search_rate_limit', label: 'Maximum requests per minute for an authenticated user' },
      { key: 'search_rate_limit_unauthenticated', label: 'Maximum requests per minute per IP (unauthenticated)' },
    ],
  },
];
