import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWritesPending, writeScope } from '../../../lib/pendingWrites';
import { useSession } from '../../../lib/session';
import type { Epic } from '../../../lib/types';
import { showToast } from '../../../ui/toast';
import { roadmapKeys } from '../../roadmap/queries';
import { patchDetail, restoreDetail } from '../optimisticEpic';
import { epicKeys } from '../queries';
import {
  addEpicTodo,
  type EpicChanges,
  fetchEpicAncestors,
  fetchEpicColor,
  fetchEpicParticipants,
  fetchEpicSidebar,
  markTodoDone,
  setEpicSubscribed,
  updateEpicColor,
  updateEpicFields,
} from './epicSidebarApi';

/** Waits for the session: GraphQL is a POST, so it needs the session's CSRF token. */
function useSessionReady(): { ready: boolean; userId: number | null } {
  const { user, isLoading } = useSession();
  return { ready: !isLoading, userId: user?.id ?? null };
}

/** The viewer's permissions, to-do and subscription, and where inherited dates come from. */
export function useEpicSidebarState(groupPath: string, iid: number) {
  const { ready, userId } = useSessionReady();
  return useQuery({
    enabled: ready,
    queryKey: [...epicKeys.sidebar(groupPath, iid, 'state'), userId],
    queryFn: ({ signal }) => fetchEpicSidebar(groupPath, iid, signal),
  });
}

/** A sidebar read of its own, keyed under the epic's sidebar and sent once the session is known. */
function useEpicSidebarPart<T>(
  groupPath: string,
  iid: number,
  part: 'ancestors' | 'participants' | 'color',
  fetch: (groupPath: string, iid: number, signal: AbortSignal) => Promise<T>,
) {
  const { ready } = useSessionReady();
  return useQuery({
    enabled: ready,
    queryKey: epicKeys.sidebar(groupPath, iid, part),
    queryFn: ({ signal }) => fetch(groupPath, iid, signal),
  });
}

/** The epic's ancestors, from the top-most down to its parent (IE-32). */
export const useEpicAncestors = (groupPath: string, iid: number) =>
  useEpicSidebarPart(groupPath, iid, 'ancestors', fetchEpicAncestors);

/** The people taking part in the epic (IE-33). */
export const useEpicParticipants = (groupPath: string, iid: number) =>
  useEpicSidebarPart(groupPath, iid, 'participants', fetchEpicParticipants);

/** The epic's roadmap colour (IE-40). */
export const useEpicColor = (groupPath: string, iid: number) =>
  useEpicSidebarPart(groupPath, iid, 'color', fetchEpicColor);

/** Sets the epic's colour (IE-45): the sidebar and the page show it at once, the roadmap refetches. */
export function useUpdateEpicColor(groupPath: string, iid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hex: string) => updateEpicColor(groupPath, iid, hex),
    onSuccess: (hex) => {
      client.setQueryData(epicKeys.sidebar(groupPath, iid, 'color'), hex);
      client.setQueryData<Epic>(epicKeys.detail(groupPath, iid), (old) => old && { ...old, color: hex });
      void client.invalidateQueries({ queryKey: roadmapKeys.all });
    },
  });
}

/** Adds the viewer's to-do on the epic, or marks `todoId` done; the sidebar state then refetches. */
export function useEpicTodoToggle(groupPath: string, iid: number, todoId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => (todoId ? markTodoDone(todoId) : addEpicTodo(groupPath, iid)),
    onSettled: () => client.invalidateQueries({ queryKey: epicKeys.sidebar(groupPath, iid, 'state') }),
  });
}

/** Subscribes or unsubscribes the viewer, with GitLab's toasts; the sidebar state then refetches. */
export function useEpicSubscriptionToggle(groupPath: string, iid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => setEpicSubscribed(groupPath, iid, on),
    onSuccess: (_data, on) => showToast(on ? 'Notifications turned on.' : 'Notifications turned off.'),
    onError: () => showToast('An error occurred while setting notifications status. Please try again.'),
    onSettled: () => client.invalidateQueries({ queryKey: epicKeys.sidebar(groupPath, iid, 'state') }),
  });
}

/** One epic's saves, in the order they were made (start date after due date, say). */
const epicWriteScope = (groupPath: string, iid: number) => writeScope(`epic:${groupPath}&${iid}`);

/** Whether the epic's sidebar saves are still on their way. */
export const useEpicSaving = (groupPath: string, iid: number) => useWritesPending(epicWriteScope(groupPath, iid).id);

/**
 * Saves sidebar fields through `PUT /groups/:id/epics/:iid`: `shown` is applied to the page at once
 * and rolled back when the server refuses; the answer then replaces it.
 */
export function useEpicFieldUpdate(groupPath: string, iid: number) {
  const client = useQueryClient();
  const key = epicKeys.detail(groupPath, iid);
  return useMutation({
    scope: epicWriteScope(groupPath, iid),
    mutationFn: ({ changes }: { changes: EpicChanges; shown: Partial<Epic> }) =>
      updateEpicFields(groupPath, iid, changes),
    onMutate: ({ shown }) => patchDetail<Epic>(client, key, shown),
    onError: (_error, _vars, before) => restoreDetail(client, key, before),
    onSuccess: (epic) => {
      const before = client.getQueryData<Epic>(key);
      client.setQueryData<Epic>(key, { ...before, ...epic });
      void client.invalidateQueries({ queryKey: epicKeys.sidebar(groupPath, iid, 'state') });
      void client.invalidateQueries({ queryKey: roadmapKeys.all });
      void client.invalidateQueries({ queryKey: epicKeys.lists() });
    },
  });
}
