import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { urls } from '../../../lib/paths';
import { clearItemDraft, itemDraftKey } from '../../shared/edit/itemDraft';
import type { EpicPageData } from './epicPageApi';
import { useDeleteEpic, useEpicStateChange, useEpicSubscription } from './queries';

/** IE §4 "Epic close/reopen": the alert after a failed state change. */
export const CLOSE_FAILURE_TEXT = 'Something went wrong while closing the epic. Please try again later.';
export const REOPEN_FAILURE_TEXT = 'Something went wrong while reopening the epic. Please try again later.';
export const NOTIFICATIONS_FAILURE_TEXT =
  'An error occurred while updating the notification settings. Please try again.';
export const DELETE_FAILURE_TEXT = 'Something went wrong while deleting the epic. Please try again.';

export const epicDraftKey = (groupPath: string, iid: number) => itemDraftKey('epic', groupPath, iid);

/**
 * What the epic header's buttons and 'Epic actions' menu do (IE §2.3, §4): close / reopen (the badge
 * changes at once; a failure puts the state back and shows the alert), the notifications toggle, and
 * delete (asked first, then the group's epics list).
 */
export function useEpicHeaderActions(epic: EpicPageData, groupPath: string) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const clearFailure = () => setFailure(null);

  const stateChange = useEpicStateChange(groupPath, epic.iid, {
    onStart: clearFailure,
    onError: (event) => setFailure(event === 'close' ? CLOSE_FAILURE_TEXT : REOPEN_FAILURE_TEXT),
    onSaved: (event) => {
      if (event === 'close') clearItemDraft(epicDraftKey(groupPath, epic.iid));
    },
  });

  const subscription = useEpicSubscription(groupPath, epic.iid, {
    onStart: clearFailure,
    onError: () => setFailure(NOTIFICATIONS_FAILURE_TEXT),
  });

  const removal = useDeleteEpic(groupPath, epic.iid, {
    onStart: clearFailure,
    onError: () => {
      setConfirmDelete(false);
      setFailure(DELETE_FAILURE_TEXT);
    },
    onDeleted: () => {
      clearItemDraft(epicDraftKey(groupPath, epic.iid));
      setConfirmDelete(false);
    },
    leave: () => router.navigate({ href: urls.groupPage(groupPath, 'epics') }),
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
