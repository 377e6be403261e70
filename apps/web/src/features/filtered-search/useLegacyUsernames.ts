import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../../lib/api';
import { filteredSearchKeys } from './queries';

/** Legacy user-id parameters of older GitLab addresses (`author_id=3`, `not[assignee_id]=5`, `approver_ids[]=2`). */
const LEGACY_ID_PARAM =
  /^(?:(?:not|or)\[)?(author_id|assignee_id|reviewer_id|merge_user_id|approved_by_ids|approver_ids)\]?(?:\[\])?$/;

/**
 * Usernames for the numeric user ids of legacy address parameters (RF §5 "Loading from the address"),
 * looked up with `GET /api/v4/users/:id`; ids that cannot be read stay unmapped (their token is dropped).
 */
export function useLegacyUsernames(params: URLSearchParams): Map<string, string> | undefined {
  const ids = [...params]
    .filter(([name, value]) => LEGACY_ID_PARAM.test(name) && /^\d+$/.test(value.trim()))
    .map(([, value]) => value.trim());
  const unique = [...new Set(ids)];
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: filteredSearchKeys.legacyUser(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiGet<{ id: number; username: string }>(`/api/v4/users/${id}`, signal),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const key = results.map((r) => r.data?.username ?? '').join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` captures the results' usernames
  return useMemo(() => {
    if (unique.length === 0) return undefined;
    const map = new Map<string, string>();
    unique.forEach((id, i) => {
      const username = results[i]?.data?.username;
      if (username) map.set(id, username);
    });
    return map;
  }, [key]);
}
