import type { ApplicationSettings } from '../modules/application-settings';

/** One counter family: its key prefix and its limit, read from the application settings. */
export interface Bucket {
  name: string;
  limit: (settings: ApplicationSettings) => { max: number; windowSeconds: number };
}

/** Every rate limit Meridian enforces, in GitLab's setting names; a `max` of 0 turns one off. */
export const BUCKETS = {
  /** Sign-in, sign-up and sign-out requests per address (GitLab's protected paths). */
  protectedPaths: {
    name: 'protected_paths',
    limit: (s) => ({
      max: s.throttle_protected_paths_requests_per_period,
      windowSeconds: s.throttle_protected_paths_period_in_seconds,
    }),
  },
  /** Failed sign-ins per login, whatever the address (GitLab's account lockout). */
  loginFailures: {
    name: 'login_failures',
    limit: (s) => ({ max: s.max_login_attempts, windowSeconds: s.failed_login_attempts_unlock_period_in_minutes * 60 }),
  },
  /** Writes per signed-in user: REST, GraphQL mutations, web forms and page-JSON writes alike. */
  apiWrites: {
    name: 'api_writes',
    limit: (s) => ({
      max: s.throttle_authenticated_api_requests_per_period,
      windowSeconds: s.throttle_authenticated_api_period_in_seconds,
    }),
  },
  /** Anonymous API requests, and anonymous writes on any route, per address. */
  anonymousApi: {
    name: 'anonymous_api',
    limit: (s) => ({
      max: s.throttle_unauthenticated_api_requests_per_period,
      windowSeconds: s.throttle_unauthenticated_api_period_in_seconds,
    }),
  },
  /** Comments created per user per minute. */
  notes: { name: 'notes', limit: (s) => ({ max: s.notes_create_limit, windowSeconds: 60 }) },
  /** Searches per user per minute. */
  search: { name: 'search', limit: (s) => ({ max: s.search_rate_limit, windowSeconds: 60 }) },
  /** Anonymous searches per address per minute. */
  anonymousSearch: {
    name: 'anonymous_search',
    limit: (s) => ({ max: s.search_rate_limit_unauthenticated, windowSeconds: 60 }),
  },
  /** Exports requested per user per minute (GitLab's `project_export_limit`): the emailed CSV exports. */
  projectExport: { name: 'project_export', limit: (s) => ({ max: s.project_export_limit, windowSeconds: 60 }) },
  /** AI requests per user (the experimentation API, the documentation bot, the issue AI actions), GitLab's AI action limit. */
  ai: {
    name: 'ai',
    limit: (s) => ({ max: s.ai_action_api_rate_limit, windowSeconds: s.ai_action_api_rate_limit_period_in_seconds }),
  },
} satisfies Record<string, Bucket>;
