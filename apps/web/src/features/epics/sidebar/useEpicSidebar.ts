import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import type { Epic } from '../../../lib/types';
import { roadmapKeys } from '../../roadmap/queries';
import { epicKeys } from '../queries';
import { type EpicChanges, fetchEpicSidebar, updateEpicFields } from './epicSidebarApi';

export const epicSidebarKeys = {
  /** Under the epic's detail key, so the page's live updates refetch them too. */
  of: (groupPath: string, iid: number, part: 'state' | 'ancestors' | 'participants' | 'color') =>
    [...epicKeys.detail(groupPath, iid), 'sidebar', part] as const,
};

/** Waits for the session: GraphQL is a POST, so it needs the session's CSRF token. */
export function useSessionReady(): { ready: boolean; userId: number | null } {
  const { user, isLoading } = useSession();
  return { ready: !isLoading, userId: user?.id ?? null };
}

/** The viewer's permissions, to-do and subscription, and where inherited dates come from. */
export function useEpicSidebarState(groupPath: string, iid: number) {
  const { ready, userId } = useSessionReady();
  return useQuery({
    enabled: ready,
    queryKey: [...epicSidebarKeys.of(groupPath, iid, 'state'), userId],
    queryFn: ({ signal }) => fetchEpicSidebar(groupPath, iid, signal),
  });
}

/**
 * Saves sidebar fields through `PUT /groups/:id/epics/:iid`: `shown` is applied to the page at once
 * and rolled back when the server refuses; the answer then replaces it.
 */
export function useEpicFieldUpdate(groupPath: string, iid: number) {
  const client = useQueryClient();
  const key = epicKeys.detail(groupPath, iid);
  return useMutation({
    mutationFn: ({ changes }: { changes: EpicChanges; shown: Partial<Epic> }) =>
      updateEpicFields(groupPath, iid, changes),
    onMutate: async ({ shown }) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<Epic>(key);
      if (before) client.setQueryData<Epic>(key, { ...before, ...shown });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (epic) => {
      const before = client.getQueryData<Epic>(key);
      client.setQueryData<Epic>(key, { ...before, ...epic });
      void client.invalidateQueries({ queryKey: epicSidebarKeys.of(groupPath, iid, 'state') });
      void client.invalidateQueries({ queryKey: roadmapKeys.all });
      void client.invalidateQueries({ queryKey: epicKeys.lists() });
    },
  });
}
