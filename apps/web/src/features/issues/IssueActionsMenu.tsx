import { lazy, Suspense, useState } from 'react';
import type { Issue } from '../../lib/types';
import styles from './IssueActionsMenu.module.css';
import type { IssuePermissionFlags } from './issuePermissions';

const loadPopover = () => import('./IssueActionsMenuPopover');
const IssueActionsMenuPopover = lazy(async () => ({ default: (await loadPopover()).IssueActionsMenuPopover }));

export const ISSUE_ACTIONS_LABEL = 'Issue actions';

export interface IssueActionsMenuProps {
  issue: Issue;
  projectPath: string;
  /** null for anonymous visitors and while the flags load: Copy reference only. */
  permissions: IssuePermissionFlags | null;
  signedIn: boolean;
}

/**
 * The issue header's "more actions" menu (IE §2.1). Until its first press it is a plain button; the
 * menu's code (React Aria, the GraphQL client) loads on hover or focus and mounts open on the press.
 */
export function IssueActionsMenu(props: IssueActionsMenuProps) {
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <button
      type="button"
      className={styles.trigger}
      aria-label={ISSUE_ACTIONS_LABEL}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setOpened(true)}
    >
      <span aria-hidden="true">⋮</span>
    </button>
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <IssueActionsMenuPopover {...props} />
    </Suspense>
  );
}
