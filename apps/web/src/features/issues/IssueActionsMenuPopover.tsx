import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import menu from '../../ui/Menu.module.css';
import styles from '../shared/HeaderActionsMenu.module.css';
import { ISSUE_ACTIONS_LABEL, type IssueActionsMenuProps } from './IssueActionsMenu';
import { type MenuActionKey, menuActionItems, useIssueMenuActions } from './useIssueMenuActions';

/**
 * The menu itself (React Aria Menu in a Popover) and the delete confirmation, mounted open by the
 * first press of IssueActionsMenu's placeholder button. Each item shows exactly when the policy's
 * flag allows it (IE §2.1): Copy reference for anyone; notifications for signed-in users; the
 * rest by canPromoteToEpic, adminIssue (lock) and canDestroyIssue.
 */
export function IssueActionsMenuPopover({ issue, projectPath, permissions, signedIn }: IssueActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const actions = useIssueMenuActions(issue, projectPath);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
  const currentUserId = useSession().user?.id;
  const items = menuActionItems(issue, { signedIn, currentUserId, ...permissions });

  return (
    <>
      <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Button ref={trigger} className={styles.trigger} aria-label={ISSUE_ACTIONS_LABEL} isDisabled={actions.busy}>
          <span aria-hidden="true">⋮</span>
        </Button>
        <Popover className={menu.popover} placement="bottom end">
          <Menu className={menu.menu} onAction={(key) => void actions.run(key as MenuActionKey)}>
            {items.map(({ key, label }) => [
              key === 'delete' && <Separator key="separator" className={menu.separator} />,
              <MenuItem key={key} id={key} className={key === 'delete' ? `${menu.item} ${menu.danger}` : menu.item}>
                {label}
              </MenuItem>,
            ])}
          </Menu>
        </Popover>
      </MenuTrigger>
      {actions.failure && <Alert variant="danger">{actions.failure}</Alert>}
      {actions.dialogs}
    </>
  );
}
