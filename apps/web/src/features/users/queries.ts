import { useQuery } from '@tanstack/react-query';
import { apiList, apiPath } from '../../lib/api';
import type { UserSummary } from '../../lib/types';

export const userKeys = {
  all: ['users'] as const,
  byUsername: (username: string) => ['users', 'by-username', username] as const,
};

/** The user with this username, as `GET /users?username=` answers it (banned users only for admins); null when none. */
export function useUserByUsername(username: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.byUsername(username),
    enabled,
    queryFn: async ({ signal }) => {
      const page = await apiList<UserSummary>(apiPath('/users', { username }), signal);
      return page.items[0] ?? null;
    },
  });
}
