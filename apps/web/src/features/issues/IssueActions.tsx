import { Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { apiGet, encodeId } from '../../lib/api';
import { isTypingTarget } from '../../lib/shortcuts';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import { showToast } from '../../ui/toast';
import styles from '../shared/DetailLayout.module.css';
import { IssueActionsMenu, type IssueActionsMenuProps } from './IssueActionsMenu';
import { issueTypeName } from './issueTypeName';
import { useUpdateIssue } from './queries';

// The dialog (React Aria's modal) loads only when a blocked issue is being closed.
const BlockedCloseDialog = lazyNamed(() => import('./BlockedCloseDialog'), 'BlockedCloseDialog');
// The command palette loads on the first Ctrl/Cmd+K.
const IssueCommandPalette = lazyNamed(() => import('./IssueCommandPalette'), 'IssueCommandPalette');

export interface LinkedIssue {
  iid: number;
  title: string;
  state: string;
  link_type: string;
  references?: { full: string; relative?: string };
}

/** The open issues that block this one (IE §4: closing it asks first). */
async function openBlockers(projectPath: string, iid: number): Promise<LinkedIssue[]> {
  const links = await apiGet<LinkedIssue[]>(`/api/v4/projects/${encodeId(projectPath)}/issues/${iid}/links`);
  return links.filter((l) => l.link_type === 'is_blocked_by' && l.state === 'opened');
}

/**
 * The issue header's actions (IE §2.1), each shown when the policy's flag allows it: Edit and Close
 * issue (canUpdateIssue), Reopen issue (canReopenIssue), then the "more actions" menu. Closing a
 * blocked issue first lists its blockers ('Are you sure you want to close this blocked issue?',
 * Cancel / 'Yes, close issue').
 */
export function IssueActions({ onEdit, ...target }: IssueActionsMenuProps & { onEdit: () => void }) {
  const { issue, projectPath, permissions } = target;
  const update = useUpdateIssue(projectPath, issue.iid);
  const [blockers, setBlockers] = useState<LinkedIssue[] | null>(null);
  const [checking, setChecking] = useState(false);
  const open = issue.state === 'opened';
  // GitLab's 'Close %{issueType}': 'Close task' on a task's page.
  const typeName = issueTypeName(issue.issue_type);
  const stateAction = open ? `Close ${typeName}` : `Reopen ${typeName}`;
  const busy = update.isPending || checking;
  const [paletteOpen, setPaletteOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // In a text field mod+K adds a link (IE §9); everywhere else on the page it opens the palette.
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || isTypingTarget(event.target)) return;
      event.preventDefault();
      setPaletteOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const canClose = open ? permissions?.updateIssue : permissions?.reopenIssue;
  const headerCommands = [
    ...(permissions?.updateIssue ? [{ id: 'edit', title: 'Edit title and description', run: onEdit }] : []),
    ...(canClose
      ? [
          {
            id: 'state',
            title: stateAction,
            run: () => (open ? void close() : setState('reopen')),
          },
        ]
      : []),
  ];

  const setState = (event: 'close' | 'reopen') =>
    update.mutate(
      { state_event: event },
      {
        onSuccess: () => {
          if (event !== 'close') return;
          // The drafts' storage code loads with the editor, not the page.
          void import('./issueDraft').then(({ clearIssueDraft }) => clearIssueDraft(projectPath, issue.iid));
          // Beyond GitLab: a close can be taken back from the toast for 10 s.
          showToast(`${typeName.charAt(0).toUpperCase()}${typeName.slice(1)} closed.`, {
            label: 'Undo',
            run: () => update.mutate({ state_event: 'reopen' }),
          });
        },
      },
    );
  const close = async () => {
    // The issue already says how many open issues block it: only then are they fetched to list them.
    if (issue.blocked_by_count === 0) return setState('close');
    setChecking(true);
    try {
      const found = await openBlockers(projectPath, issue.iid);
      if (found.length > 0) setBlockers(found);
      else setState('close');
    } catch {
      // The check is a courtesy: when the links cannot be read, closing goes ahead as GitLab's does.
      setState('close');
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <div className={styles.actions}>
        {/* Native buttons: the issue page's first load carries no React Aria (bench/first-load.ts). */}
        {permissions?.updateIssue && (
          <button
            type="button"
            className={buttonClassName()}
            onClick={onEdit}
            disabled={busy}
            data-shortcut-target="edit"
          >
            Edit
          </button>
        )}
        {canClose && (
          <button
            type="button"
            className={buttonClassName()}
            onClick={() => (open ? void close() : setState('reopen'))}
            disabled={busy}
          >
            {stateAction}
          </button>
        )}
        <IssueActionsMenu {...target} />
      </div>
      {update.isError && (
        <Alert variant="danger">
          {`Something went wrong while ${open ? 'closing' : 'reopening'} the ${typeName}. Please try again later.`}
        </Alert>
      )}
      {paletteOpen && (
        <Suspense fallback={null}>
          <IssueCommandPalette {...target} headerCommands={headerCommands} onDismiss={() => setPaletteOpen(false)} />
        </Suspense>
      )}
      {blockers !== null && (
        <Suspense fallback={null}>
          <BlockedCloseDialog
            blockers={blockers}
            onCancel={() => setBlockers(null)}
            onConfirm={() => {
              setBlockers(null);
              setState('close');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
