import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { urls } from '../../lib/paths';
import type { Issue } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { showToast } from '../../ui/toast';
import { ReportAuthorDrawer } from '../moderation/LazyReportAbuseDrawer';
import { SubmitSpamConfirmation } from '../moderation/SubmitSpamConfirmation';
import confirmStyles from '../shared/DetailLayout.module.css';
import { deleteIssue, promoteToEpic, setIssueLocked, setIssueSubscribed } from './issueActionsApi';
import { clearIssueDraft } from './issueDraft';
import { deleteTexts, issueTypeName } from './issueTypeName';
import { MoveIssueDialog } from './MoveIssueDialog';
import { issueKeys } from './queries';

export type MenuActionKey =
  | 'notifications'
  | 'new-related'
  | 'promote'
  | 'move'
  | 'lock'
  | 'copy-reference'
  | 'copy-email'
  | 'report-abuse'
  | 'spam'
  | 'delete';

/** IE §8's failure texts, one per action. */
const FAILURE: Record<MenuActionKey, string> = {
  notifications: 'An error occurred while updating the notification settings. Please try again.',
  'new-related': 'Could not open the new issue form.',
  promote: 'Something went wrong while promoting the issue to an epic. Please try again.',
  move: 'An error occurred while moving the issue.',
  lock: 'Something went wrong trying to change the locked state of the discussion',
  'copy-reference': 'Could not copy the reference. Please copy it from the sidebar.',
  'copy-email': 'Could not copy the email address.',
  'report-abuse': 'Could not open the report form.',
  spam: 'Something went wrong while submitting the issue as spam. Please try again.',
  delete: deleteTexts('issue').failure,
};

/**
 * What the issue's actions menu does (IE §2.1, §8), for the menu and the command palette alike:
 * `run(key)` performs an action with its failure text; delete first asks, in `deleteConfirmation`.
 */
export function useIssueMenuActions(issue: Issue, projectPath: string) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [confirmSpam, setConfirmSpam] = useState(false);
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const deleting = deleteTexts(issueTypeName(issue.issue_type));
  const reference = issue.references?.full ?? `${projectPath}#${issue.iid}`;
  const locked = issue.discussion_locked === true;
  const refreshIssue = () =>
    queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, issue.iid), exact: true });

  const attempt = async (key: MenuActionKey, work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch {
      setFailure(key === 'delete' ? deleting.failure : FAILURE[key]);
    } finally {
      setBusy(false);
    }
  };

  const actions: Record<MenuActionKey, () => Promise<void>> = {
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
    move: async () => setMoving(true),
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
    'copy-email': async () => {
      await navigator.clipboard.writeText(issue.create_note_email ?? '');
      showToast('Email address copied');
    },
    'report-abuse': async () => setReporting(true),
    spam: async () => setConfirmSpam(true),
    delete: async () => setConfirmDelete(true),
  };

  const removeIssue = () =>
    attempt('delete', async () => {
      await deleteIssue(projectPath, issue.iid);
      clearIssueDraft(projectPath, issue.iid);
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: issueKeys.detail(projectPath, issue.iid) });
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
      showToast(deleting.done);
      await router.navigate({ href: urls.projectPage(projectPath, 'issues') });
    });

  const deleteConfirmation = (
    <Modal isOpen={confirmDelete} onOpenChange={setConfirmDelete} title={deleting.title}>
      <p>{deleting.body}</p>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <div className={confirmStyles.confirmButtons}>
        <Button onPress={() => setConfirmDelete(false)}>Cancel</Button>
        <Button variant="danger" onPress={() => void removeIssue()} isDisabled={busy}>
          {deleting.action}
        </Button>
      </div>
    </Modal>
  );

  const dialogs = (
    <>
      {deleteConfirmation}
      {moving && (
        <MoveIssueDialog
          isOpen={moving}
          onOpenChange={setMoving}
          issue={issue}
          projectPath={projectPath}
          onMoved={() => void queryClient.invalidateQueries({ queryKey: issueKeys.all })}
        />
      )}
      <ReportAuthorDrawer item={issue} isOpen={reporting} onOpenChange={setReporting} />
      {confirmSpam && (
        <SubmitSpamConfirmation
          projectPath={projectPath}
          iid={issue.iid}
          onDone={() => {
            setConfirmSpam(false);
            void refreshIssue();
          }}
          onCancel={() => setConfirmSpam(false)}
        />
      )}
    </>
  );

  return {
    run: (key: MenuActionKey) => attempt(key, actions[key]),
    busy,
    /** The failure of the last action, unless the delete confirmation shows it. */
    failure: confirmDelete ? null : failure,
    locked,
    /** A dialog the menu opened (delete, move, report abuse, submit as spam) is showing. */
    dialogOpen: confirmDelete || reporting || confirmSpam || moving,
    dialogs,
  };
}

/** The menu's items for this reader, by the policy's flags (IE §2.1), with their labels. */
export function menuActionItems(
  issue: Issue,
  flags: {
    signedIn: boolean;
    /** The signed-in user's id: nobody reports their own issue (IE §2.1). */
    currentUserId?: number;
    createIssue?: boolean;
    promoteToEpic?: boolean;
    adminIssue?: boolean;
    destroyIssue?: boolean;
    reportSpam?: boolean;
  },
): Array<{ key: MenuActionKey; label: string }> {
  const locked = issue.discussion_locked === true;
  const items: Array<{ key: MenuActionKey; label: string } | false | undefined> = [
    flags.signedIn && {
      key: 'notifications',
      label: issue.subscribed ? 'Turn off notifications' : 'Turn on notifications',
    },
    flags.createIssue && { key: 'new-related', label: 'New related issue' },
    flags.promoteToEpic && { key: 'promote', label: 'Promote to epic' },
    flags.adminIssue && { key: 'lock', label: locked ? 'Unlock discussion' : 'Lock discussion' },
    flags.adminIssue && !issue.moved_to_id && { key: 'move', label: 'Move issue' },
    { key: 'copy-reference', label: 'Copy reference' },
    // Only when the server configures incoming email and the reader may comment (IE §2.1).
    !!issue.create_note_email && { key: 'copy-email', label: 'Copy issue email address' },
    flags.signedIn &&
      !!issue.author &&
      issue.author.id !== flags.currentUserId && { key: 'report-abuse', label: 'Report abuse' },
    flags.reportSpam && !issue.hidden && { key: 'spam', label: 'Submit as spam' },
    flags.destroyIssue && { key: 'delete', label: deleteTexts(issueTypeName(issue.issue_type)).action },
  ];
  return items.filter((item): item is { key: MenuActionKey; label: string } => !!item);
}
