import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, request } from '../../lib/api';
import { configKeys } from '../../lib/queries';

/** The instance settings the admin pages edit, in GitLab's field names (`GET /api/v4/application/settings`). */
export interface ApplicationSettings {
  signup_enabled: boolean;
  allow_group_creation_for_users: boolean;
  throttle_protected_paths_requests_per_period: number;
  throttle_protected_paths_period_in_seconds: number;
  max_login_attempts: number;
  failed_login_attempts_unlock_period_in_minutes: number;
  throttle_authenticated_api_requests_per_period: number;
  throttle_authenticated_api_period_in_seconds: number;
  throttle_unauthenticated_api_requests_per_period: number;
  throttle_unauthenticated_api_period_in_seconds: number;
  notes_create_limit: number;
  search_rate_limit: number;
  search_rate_limit_unauthenticated: number;
  secret_detection_api_policy: SecretPolicy;
  /** The instance's GitLab Duo switch: off, every group's GitLab Duo is off and locked. */
  duo_features_enabled: boolean;
  ai_action_api_rate_limit: number;
  ai_action_api_rate_limit_period_in_seconds: number;
}

/** What an API write holding a potential secret gets: scanned or not, saved with a warning, or refused. */
export type SecretPolicy = 'off' | 'warn' | 'reject';

export type NumberSetting = {
  [K in keyof ApplicationSettings]: ApplicationSettings[K] extends number ? K : never;
}[keyof ApplicationSettings];

export const adminKeys = {
  all: ['admin'] as const,
  settings: () => ['admin', 'settings'] as const,
};

export function useApplicationSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => apiGet<ApplicationSettings>('/api/v4/application/settings', signal),
    retry: false,
  });
}

/** `PUT /api/v4/application/settings` with the changed fields; refreshes the settings and every read of the public config. */
export function useUpdateApplicationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<ApplicationSettings>) =>
      (await request<ApplicationSettings>('/api/v4/application/settings', { method: 'PUT', body: changes })).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.settings(), settings);
      void queryClient.invalidateQueries({ queryKey: configKeys.all });
    },
  });
}

/** Whether registration is open (`GET /-/config.json`), for the sign-in page's Register link. */
export function useSignupEnabled(): boolean {
  const query = useQuery({
    queryKey: configKeys.client(),
    queryFn: ({ signal }) => apiGet<{ signup_enabled?: boolean }>('/-/config.json', signal),
    staleTime: 30_000,
  });
  return query.data?.signup_enabled ?? false;
}
