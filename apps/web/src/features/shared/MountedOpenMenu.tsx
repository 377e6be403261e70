import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Button, type Key, Menu, MenuTrigger, Popover } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';

/**
 * The real '⋮' menu behind a PressToLoadMenu placeholder: mounted by the placeholder's first press,
 * it focuses its own trigger and opens at once; `children` are its MenuItems.
 */
export function MountedOpenMenu({
  label,
  className,
  isDisabled,
  onAction,
  children,
}: {
  label: string;
  className: string | undefined;
  isDisabled?: boolean;
  onAction: (key: Key) => void;
  children: ReactNode;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className={className} aria-label={label} isDisabled={isDisabled}>
        <span aria-hidden="true">⋮</span>
      </Button>
      <Popover className={menu.popover} placement="bottom end">
        <Menu className={menu.menu} onAction={onAction}>
          {children}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
