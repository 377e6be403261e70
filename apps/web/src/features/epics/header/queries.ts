import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../ui/toast';
import { roadmapKeys } from '../../roadmap/queries';
import type { TitleDescriptionChanges } from '../../shared/edit/TitleDescriptionForm';
import { patchDetail, restoreDetail } from '../optimisticEpic';
import { epicKeys } from '../queries';
import { deleteEpicPage, type EpicPageData, setEpicSubscribed, updateEpicPage } from './epicPageApi';

/** A save of the epic's page JSON: the answer replaces the cached epic; lists and the roadmap refetch. */
function useEpicSaved(groupPath: string, iid: number) {
  const queryClient = useQueryClient();
  return (epic: EpicPageData) => {
    queryClient.setQueryData(epicKeys.detail(groupPath, iid), epic);
    void queryClient.invalidateQueries({ queryKey: epicKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: roadmapKeys.all });
  };
}

/** The title and description edit (IE-7): a 409 is the lock_version conflict the form shows. */
export function useUpdateEpic(groupPath: string, iid: number) {
  const saved = useEpicSaved(groupPath, iid);
  return useMutation({
    mutationFn: ({ title, description, lock_version }: TitleDescriptionChanges) =>
      updateEpicPage(groupPath, iid, { title, description, lock_version }),
    onSuccess: saved,
  });
}

/** Close or reopen: the badge changes at once and is put back when the server refuses. */
export function useEpicStateChange(
  groupPath: string,
  iid: number,
  on: {
    onStart: () => void;
    onError: (event: 'close' | 'reopen') => void;
    onSaved: (event: 'close' | 'reopen') => void;
  },
) {
  const queryClient = useQueryClient();
  const key = epicKeys.detail(groupPath, iid);
  const saved = useEpicSaved(groupPath, iid);
  return useMutation({
    mutationFn: (event: 'close' | 'reopen') => updateEpicPage(groupPath, iid, { state_event: event }),
    onMutate: (event) => {
      on.onStart();
      return patchDetail<EpicPageData>(queryClient, key, { state: event === 'close' ? 'closed' : 'opened' });
    },
    onError: (_error, event, before) => {
      restoreDetail(queryClient, key, before);
      on.onError(event);
    },
    onSuccess: (updated, event) => {
      saved(updated);
      on.onSaved(event);
    },
  });
}

/** The header's notifications toggle: the epic refetches, and a toast says what changed. */
export function useEpicSubscription(groupPath: string, iid: number, on: { onStart: () => void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => setEpicSubscribed(groupPath, iid, subscribed),
    onMutate: on.onStart,
    onError: on.onError,
    onSuccess: (_data, subscribed) => {
      void queryClient.invalidateQueries({ queryKey: epicKeys.detail(groupPath, iid), exact: true });
      showToast(subscribed ? 'Notifications turned on.' : 'Notifications turned off.');
    },
  });
}

/** Deletes the epic: lists and the roadmap refetch; `leave` runs before the epic's cache is dropped. */
export function useDeleteEpic(
  groupPath: string,
  iid: number,
  on: { onStart: () => void; onError: () => void; onDeleted: () => void; leave: () => Promise<void> },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEpicPage(groupPath, iid),
    onMutate: on.onStart,
    onError: on.onError,
    onSuccess: async () => {
      on.onDeleted();
      void queryClient.invalidateQueries({ queryKey: epicKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: roadmapKeys.all });
      await on.leave();
      queryClient.removeQueries({ queryKey: epicKeys.detail(groupPath, iid) });
    },
  });
}
