import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { urls } from '../../../lib/paths';
import { showToast } from '../../../ui/toast';
import { roadmapKeys } from '../../roadmap/queries';
import { clearItemDraft, itemDraftKey } from '../../shared/edit/itemDraft';
import type { TitleDescriptionChanges } from '../../shared/edit/TitleDescriptionForm';
import { epicKeys } from '../queries';
import { deleteEpicPage, type EpicPageData, setEpicSubscribed, updateEpicPage } from './epicPageApi';

/** IE §4 "Epic close/reopen": the alert after a failed state change. */
export const CLOSE_FAILURE_TEXT = 'Something went wrong while closing the epic. Please try again later.';
export const REOPEN_FAILURE_TEXT = 'Something went wrong while reopening the epic. Please try again later.';
export const NOTIFICATIONS_FAILURE_TEXT =
  'An error occurred while updating the notification settings. Please try again.';
export const DELETE_FAILURE_TEXT = 'Something went wrong while deleting the epic. Please try again.';

export const epicDraftKey = (groupPath: string, iid: number) => itemDraftKey('epic', groupPath, iid);

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

/**
 * What the epic header's buttons and 'Epic actions' menu do (IE §2.3, §4): close / reopen (the badge
 * changes at once; a failure puts the state back and shows the alert), the notifications toggle, and
 * delete (asked first, then the group's epics list).
 */
export function useEpicHeaderActions(epic: EpicPageData, groupPath: string) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const key = epicKeys.detail(groupPath, epic.iid);
  const saved = useEpicSaved(groupPath, epic.iid);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const stateChange = useMutation({
    mutationFn: (event: 'close' | 'reopen') => updateEpicPage(groupPath, epic.iid, { state_event: event }),
    onMutate: async (event) => {
      setFailure(null);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<EpicPageData>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, state: event === 'close' ? 'closed' : 'opened' });
      return { previous };
    },
    onError: (_error, event, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      setFailure(event === 'close' ? CLOSE_FAILURE_TEXT : REOPEN_FAILURE_TEXT);
    },
    onSuccess: (updated, event) => {
      saved(updated);
      if (event === 'close') clearItemDraft(epicDraftKey(groupPath, epic.iid));
    },
  });

  const subscription = useMutation({
    mutationFn: (subscribed: boolean) => setEpicSubscribed(groupPath, epic.iid, subscribed),
    onMutate: () => setFailure(null),
    onError: () => setFailure(NOTIFICATIONS_FAILURE_TEXT),
    onSuccess: (_data, subscribed) => {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      showToast(subscribed ? 'Notifications turned on.' : 'Notifications turned off.');
    },
  });

  const removal = useMutation({
    mutationFn: () => deleteEpicPage(groupPath, epic.iid),
    onMutate: () => setFailure(null),
    onError: () => {
      setConfirmDelete(false);
      setFailure(DELETE_FAILURE_TEXT);
    },
    onSuccess: async () => {
      clearItemDraft(epicDraftKey(groupPath, epic.iid));
      setConfirmDelete(false);
      void queryClient.invalidateQueries({ queryKey: epicKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: roadmapKeys.all });
      await router.navigate({ href: urls.groupPage(groupPath, 'epics') });
      queryClient.removeQueries({ queryKey: key });
    },
  });

  const open = epic.state === 'opened';
  return {
    failure,
    busy: stateChange.isPending || subscription.isPending || removal.isPending,
    toggleState: () => stateChange.mutate(open ? 'close' : 'reopen'),
    toggleSubscription: () => subscription.mutate(!epic.subscribed),
    newEpic: () => void router.navigate({ href: urls.newEpic(groupPath) }),
    askToDelete: () => setConfirmDelete(true),
    deletion: {
      isOpen: confirmDelete,
      isPending: removal.isPending,
      cancel: () => setConfirmDelete(false),
      confirm: () => removal.mutate(),
    },
  };
}

export type EpicHeaderActions = ReturnType<typeof useEpicHeaderActions>;
