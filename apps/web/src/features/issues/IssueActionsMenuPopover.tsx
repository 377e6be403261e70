import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { HeaderActionsMenuOpen } from '../shared/HeaderActionsMenuOpen';
import { ISSUE_ACTIONS_LABEL, type IssueActionsMenuProps } from './IssueActionsMenu';
import { type MenuActionKey, menuActionItems, useIssueMenuActions } from './useIssueMenuActions';

/**
 * The menu itself (React Aria Menu in a Popover) and the delete confirmation, mounted open by the
 * first press of IssueActionsMenu's placeholder button. Each item shows exactly when the policy's
 * flag allows it (IE §2.1): Copy reference for anyone; notifications for signed-in users; the
 * rest by canPromoteToEpic, adminIssue (lock) and canDestroyIssue.
 */
export function IssueActionsMenuPopover({ issue, projectPath, permissions, signedIn }: IssueActionsMenuProps) {
  const actions = useIssueMenuActions(issue, projectPath);
  const currentUserId = useSession().user?.id;
  const items = menuActionItems(issue, { signedIn, currentUserId, ...permissions });

  return (
    <>
      <HeaderActionsMenuOpen
        label={ISSUE_ACTIONS_LABEL}
        isDisabled={actions.busy}
        items={items}
        onAction={(key: MenuActionKey) => void actions.run(key)}
      />
      {actions.failure && <Alert variant="danger">{actions.failure}</Alert>}
      {actions.dialogs}
    </>
  );
}
