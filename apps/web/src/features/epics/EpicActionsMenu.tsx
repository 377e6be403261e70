import { lazy } from 'react';
import type { Epic } from '../../lib/types';
import styles from '../shared/HeaderActionsMenu.module.css';
import { PressToLoadMenu } from '../shared/PressToLoadMenu';

const loadPopover = () => import('./EpicActionsMenuPopover');
const EpicActionsMenuPopover = lazy(async () => ({ default: (await loadPopover()).EpicActionsMenuPopover }));

export const EPIC_ACTIONS_LABEL = 'Epic actions';

/** What the menu can hold, in its order (IE §2.3). */
export type EpicActionKey =
  | 'edit'
  | 'toggle-state'
  | 'new-epic'
  | 'copy-reference'
  | 'notifications'
  | 'report-abuse'
  | 'delete';

export interface EpicMenuItem {
  key: EpicActionKey;
  label: string;
}

export interface EpicActionsMenuProps {
  epic: Epic;
  groupPath: string;
  /** The items to show, already decided by the server's permissions (`epicMenuItems`). */
  items: EpicMenuItem[];
  /** Runs an item other than Copy reference and Report abuse, which the menu does itself. */
  onAction: (key: EpicActionKey) => void;
  isDisabled?: boolean;
}

/**
 * The epic header's actions menu (IE §2.3). A plain button until its first press; the menu's code
 * loads on hover or focus and mounts open on the press, as the does.
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

/** The viewer's flags, from the epic's page JSON (`user_permissions`, `subscribed`). */
export interface EpicMenuFlags {
  myId: number | null;
  update: boolean;
  create: boolean;
  destroy: boolean;
  subscribed: boolean;
  /** The narrow layout: Edit and Close/Reopen move from their buttons into the menu. */
  narrow: boolean;
}

/**
 * The menu's items for this viewer (IE §2.3): Edit and Close/Reopen (update_epic, in the menu on
 * narrow screens only), New epic (create_epic), Copy reference, the notifications toggle (signed in),
 * Report abuse (signed in, not the author), Delete epic (destroy_epic).
 */
export function epicMenuItems(epic: Pick<Epic, 'author' | 'state'>, flags: EpicMenuFlags): EpicMenuItem[] {
  const items: EpicMenuItem[] = [];
  if (flags.narrow && flags.update) {
    items.push({ key: 'edit', label: 'Edit' });
    items.push({ key: 'toggle-state', label: epic.state === 'opened' ? 'Close epic' : 'Reopen epic' });
  }
  if (flags.create) items.push({ key: 'new-epic', label: 'New epic' });
  items.push({ key: 'copy-reference', label: 'Copy reference' });
  if (flags.myId !== null)
    items.push({
      key: 'notifications',
      label: flags.subscribed ? 'Turn off notifications' : 'Turn on notifications',
    });
  if (canReportEpic(epic, flags.myId)) items.push({ key: 'report-abuse', label: 'Report abuse' });
  if (flags.destroy) items.push({ key: 'delete', label: 'Delete epic' });
  return items;
}
