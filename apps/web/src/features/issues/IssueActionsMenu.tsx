import { lazy } from 'react';
import type { Issue } from '../../lib/types';
import styles from '../shared/HeaderActionsMenu.module.css';
import { PressToLoadMenu } from '../shared/PressToLoadMenu';
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

/** The issue header's "more actions" menu (IE §2.1); its code loads on first use. */
export function IssueActionsMenu(props: IssueActionsMenuProps) {
  return (
    <PressToLoadMenu label={ISSUE_ACTIONS_LABEL} className={styles.trigger} preload={loadPopover}>
      <IssueActionsMenuPopover {...props} />
    </PressToLoadMenu>
  );
}
