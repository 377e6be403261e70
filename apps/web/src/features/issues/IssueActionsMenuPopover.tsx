import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { Button as ActionButton } from '../../ui/Button';
import menu from '../../ui/Menu.module.css';
import { Modal } from '../../ui/Modal';
import { showToast } from '../../ui/toast';
import confirmStyles from './IssueActions.module.css';
import { ISSUE_ACTIONS_LABEL, type IssueActionsMenuProps } from './IssueActionsMenu';
import styles from './IssueActionsMenu.module.css';
import { deleteIssue, promoteToEpic, setIssueLocked, setIssueSubscribed } from './issueActionsApi';
import { clearIssueDraft } from './issueDraft';
import { issueKeys } from './queries';

type ActionKey = 'notifications' | 'new-related' | 'promote' | 'lock' | 'copy-reference' | 'delete';

/** IE §8's failure texts, one per action. */
const FAILURE: Record<ActionKey, string> = {
  notifications: 'An error occurred while updating the notification settings. Please try again.',
  'new-related': 'Could not open the new issue form.',
  promote: 'Something went wrong while promoting the issue to an epic. Please try again.',
  lock: 'Something went wrong trying to change the locked state of the discussion',
  'copy-reference': 'Could not copy the reference. Please copy it from the sidebar.',
  delete: 'Something went wrong while deleting the issue. Please try again.',
};

/**
 * The menu itself (React Aria Menu in a Popover) and the delete confirmation, mounted open by the
 * first press of IssueActionsMenu's placeholder button. Each item shows exactly when the policy's
 * flag allows it (IE §2.1): Copy reference for anyone; notifications for signed-in users; the
 * rest by canPromoteToEpic, adminIssue (lock) and canDestroyIssue.
 */
export function IssueActionsMenuPopover({ issue, projectPath, permissions, signedIn }: IssueActionsMenuProps) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);

  const reference = issue.references?.full ?? `${projectPath}#${issue.iid}`;
  const locked = issue.discussion_locked === true;
  const refreshIssue = () =>
    queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, issue.iid), exact: true });

  const run = async (key: ActionKey, work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch {
      setFailure(FAILURE[key]);
    } finally {
      setBusy(false);
    }
  };

  const actions: Record<ActionKey, () => Promise<void>> = {
    notifications: async () => {
      const subscribed = !issue.subscribed;
      await setIssueSubscribed(projectPath, issue.iid, subscribed);
      await refreshIssue();
      showToast(subscribed ? 'Notifications turned on.' : 'Notifications turned off.');
    },
    'new-related': async () => {
      await router.navigate({ href: `${urls.newIssue(projectPath)}?add_related_issue=${issue.iid}` });
    },
    promote: async () => {
      const epicPath = await promoteToEpic(projectPath, issue.iid);
      showToast('The issue was successfully promoted to an epic. Redirecting to epic...');
      void queryClient.invalidateQueries({ queryKey: issueKeys.all });
      await router.navigate({ href: epicPath });
    },
    lock: async () => {
      await setIssueLocked(projectPath, issue.iid, !locked);
      await refreshIssue();
      void queryClient.invalidateQueries({ queryKey: issueKeys.notes(projectPath, issue.iid) });
      showToast(locked ? 'Discussion unlocked.' : 'Discussion locked.');
    },
    'copy-reference': async () => {
      await navigator.clipboard.writeText(reference);
      showToast('Reference copied');
    },
    delete: async () => setConfirmDelete(true),
  };

  const removeIssue = () =>
    run('delete', async () => {
      await deleteIssue(projectPath, issue.iid);
      clearIssueDraft(projectPath, issue.iid);
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: issueKeys.detail(projectPath, issue.iid) });
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
      showToast('The issue was deleted.');
      await router.navigate({ href: urls.projectPage(projectPath, 'issues') });
    });

  return (
    <>
      <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Button ref={trigger} className={styles.trigger} aria-label={ISSUE_ACTIONS_LABEL} isDisabled={busy}>
          <span aria-hidden="true">⋮</span>
        </Button>
        <Popover className={menu.popover} placement="bottom end">
          <Menu className={menu.menu} onAction={(key) => void run(key as ActionKey, actions[key as ActionKey])}>
            {signedIn && (
              <MenuItem id="notifications" className={menu.item}>
                {issue.subscribed ? 'Turn off notifications' : 'Turn on notifications'}
              </MenuItem>
            )}
            {permissions?.createIssue && (
              <MenuItem id="new-related" className={menu.item}>
                New related issue
              </MenuItem>
            )}
            {permissions?.promoteToEpic && (
              <MenuItem id="promote" className={menu.item}>
                Promote to epic
              </MenuItem>
            )}
            {permissions?.adminIssue && (
              <MenuItem id="lock" className={menu.item}>
                {locked ? 'Unlock discussion' : 'Lock discussion'}
              </MenuItem>
            )}
            <MenuItem id="copy-reference" className={menu.item}>
              Copy reference
            </MenuItem>
            {permissions?.destroyIssue && <Separator className={menu.separator} />}
            {permissions?.destroyIssue && (
              <MenuItem id="delete" className={`${menu.item} ${menu.danger}`}>
                Delete issue
              </MenuItem>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>
      {failure && !confirmDelete && <Alert variant="danger">{failure}</Alert>}
      <Modal isOpen={confirmDelete} onOpenChange={setConfirmDelete} title="Delete issue?">
        <p>Issue will be removed! Are you sure?</p>
        {failure && <Alert variant="danger">{failure}</Alert>}
        <div className={confirmStyles.confirmButtons}>
          <ActionButton onPress={() => setConfirmDelete(false)}>Cancel</ActionButton>
          <ActionButton variant="danger" onPress={() => void removeIssue()} isDisabled={busy}>
            Delete issue
          </ActionButton>
        </div>
      </Modal>
    </>
  );
}
