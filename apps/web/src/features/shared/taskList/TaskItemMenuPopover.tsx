import { useLayoutEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import menu from '../../../ui/Menu.module.css';
import styles from './TaskList.module.css';
import { CONVERT_TO_CHILD_TEXT, DELETE_TASK_TEXT } from './taskListActions';

export interface TaskItemMenuProps {
  label: string;
  onConvert?: () => void;
  onDelete: () => void;
}

/** The task item's '⋮' menu, mounted open by the first press of its placeholder (PressToLoadMenu). */
export function TaskItemMenuPopover({ label, onConvert, onDelete }: TaskItemMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <AriaButton ref={trigger} className={styles.menuButton} aria-label={label}>
        <span aria-hidden="true">⋮</span>
      </AriaButton>
      <Popover className={menu.popover} placement="bottom end">
        <Menu className={menu.menu} onAction={(key) => (key === 'convert' ? onConvert?.() : onDelete())}>
          {onConvert && (
            <MenuItem id="convert" className={menu.item}>
              {CONVERT_TO_CHILD_TEXT}
            </MenuItem>
          )}
          <MenuItem id="delete" className={`${menu.item} ${menu.danger}`}>
            {DELETE_TASK_TEXT}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
