import { lazy } from 'react';
import type { Epic } from '../../lib/types';
import styles from '../shared/HeaderActionsMenu.module.css';
import { PressToLoadMenu } from '../shared/PressToLoadMenu';

const loadPopover = () => import('./EpicActionsMenuPopover');
const EpicActionsMenuPopover = lazy(async () => ({ default: (await loadPopover()).EpicActionsMenuPopover }));

export const EPIC_ACTIONS_LABEL = 'Epic actions';

export interface EpicActionsMenuProps {
  epic: Epic;
  groupPath: string;
  /** The signed-in user's id; null for anonymous visitors (Copy reference only). */
  myId: number | null;
}

/**
 * The epic header's actions menu (IE §2.3): Copy reference, and Report abuse for signed-in users who
 * are not the epic's author. A plain button until its first press; the menu's code loads on hover or
 * focus and mounts open on the press, as the does.
 */
export function EpicActionsMenu(props: EpicActionsMenuProps) {
  return (
    <PressToLoadMenu label={EPIC_ACTIONS_LABEL} className={styles.trigger} preload={loadPopover}>
      <EpicActionsMenuPopover {...props} />
    </PressToLoadMenu>
  );
}

/** Report abuse shows for signed-in users other than the epic's author (IE §2.3). */
export const canReportEpic = (epic: Pick<Epic, 'author'>, myId: number | null) =>
  myId !== null && !!epic.author && epic.author.id !== myId;
