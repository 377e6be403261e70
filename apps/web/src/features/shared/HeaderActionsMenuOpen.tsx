import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import styles from './HeaderActionsMenu.module.css';

/**
 * The and the epic's header actions menu, mounted open (and its '⋮' trigger focused) by the
 * first press of the page's placeholder button; 'delete' comes last, after a separator, in red.
 */
export function HeaderActionsMenuOpen<K extends string>({
  label,
  isDisabled,
  items,
  onAction,
}: {
  label: string;
  isDisabled?: boolean;
  items: { key: K; label: string }[];
  onAction: (key: K) => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className={styles.trigger} aria-label={label} isDisabled={isDisabled}>
        <span aria-hidden="true">⋮</span>
      </Button>
      <Popover className={menu.popover} placement="bottom end">
        <Menu className={menu.menu} onAction={(key) => onAction(key as K)}>
          {items.map(({ key, label }) => [
            key === 'delete' && <Separator key="separator" className={menu.separator} />,
            <MenuItem key={key} id={key} className={key === 'delete' ? `${menu.item} ${menu.danger}` : menu.item}>
              {label}
            </MenuItem>,
          ])}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
