import type { NumberSetting } from './queries';

export interface NumberSection {
  title: string;
  help: string;
  fields: Array<{ key: NumberSetting; label: string }>;
}

/** A request-throttle section: GitLab's `throttle_<name>_requests_per_period` and `…_period_in_seconds` pair. */
function throttleSection(
  title: string,
  help: string,
  name: 'protected_paths' | 'authenticated_api' | 'unauthenticated_api',
  per: 'IP' | 'user',
): NumberSection {
  return {
    title,
    help,
    fields: [
      { key: `throttle_${name}_requests_per_period`, label: `Maximum requests per period per ${per}` },
      { key: `throttle_${name}_period_in_seconds`, label: 'Period in seconds' },
    ],
  };
}

/** The Network page's rate limits, grouped as GitLab's Admin > Settings > Network. A count of 0 turns a limit off. */
export const RATE_LIMIT_SECTIONS: NumberSection[] = [
  throttleSection('Protected paths', 'Sign-in and sign-up requests per IP address.', 'protected_paths', 'IP'),
  {
    title: 'Failed sign-in attempts',
    help: 'Failed sign-ins per account, from any address, before it must wait.',
    fields: [
      { key: 'max_login_attempts', label: 'Maximum failed attempts' },
      { key: 'failed_login_attempts_unlock_period_in_minutes', label: 'Wait in minutes' },
    ],
  },
  throttleSection(
    'Authenticated API writes',
    'REST writes and GraphQL mutations per user.',
    'authenticated_api',
    'user',
  ),
  throttleSection(
    'Unauthenticated API requests',
    'Anonymous REST and GraphQL requests per IP address.',
    'unauthenticated_api',
    'IP',
  ),
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
  {
    title: 'AI action API rate limit',
    help: 'GitLab Duo requests (the AI endpoints and the documentation bot) per user.',
    fields: [
      { key: 'ai_action_api_rate_limit', label: 'Maximum AI requests per period per user' },
      { key: 'ai_action_api_rate_limit_period_in_seconds', label: 'Period in seconds' },
    ],
  },
];
