import { MenuItem } from 'react-aria-components';
import menu from '../../../ui/Menu.module.css';
import { MountedOpenMenu } from '../MountedOpenMenu';
import styles from './TaskList.module.css';
import { CONVERT_TO_CHILD_TEXT, DELETE_TASK_TEXT } from './taskListActions';

export interface TaskItemMenuProps {
  label: string;
  onConvert?: () => void;
  onDelete: () => void;
}

/** The task item's '⋮' menu, mounted open by the first press of its placeholder (PressToLoadMenu). */
export function TaskItemMenuPopover({ label, onConvert, onDelete }: TaskItemMenuProps) {
  return (
    <MountedOpenMenu
      label={label}
      className={styles.menuButton}
      onAction={(key) => (key === 'convert' ? onConvert?.() : onDelete())}
    >
      {onConvert && (
        <MenuItem id="convert" className={menu.item}>
          {CONVERT_TO_CHILD_TEXT}
        </MenuItem>
      )}
      <MenuItem id="delete" className={`${menu.item} ${menu.danger}`}>
        {DELETE_TASK_TEXT}
      </MenuItem>
    </MountedOpenMenu>
  );
}
