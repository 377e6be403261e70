import { Suspense } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import { useSession } from '../../../lib/session';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { Alert } from '../../../ui/Alert';
import { buttonClassName } from '../../../ui/buttonClassName';
import layout from '../../shared/DetailLayout.module.css';
import { type EpicActionKey, EpicActionsMenu, epicMenuItems } from '../EpicActionsMenu';
import type { EpicPageData } from './epicPageApi';
import { useEpicHeaderActions } from './useEpicHeaderActions';

// The dialog (React Aria's modal) loads only when a delete is asked for.
const EpicDeleteDialog = lazyNamed(() => import('./EpicDeleteDialog'), 'EpicDeleteDialog');

/** Below this width the header's actions fold into the one 'Epic actions' dropdown (IE §2.3). */
export const NARROW_HEADER_QUERY = '(max-width: 640px)';

/**
 * The epic header's actions (IE §2.3): Edit and Close epic / Reopen epic as buttons for who may
 * update the epic, then the 'Epic actions' menu with the rest; on a narrow screen the menu holds
 * them all. What shows comes from the page JSON's `user_permissions`, never decided here.
 */
export function EpicHeaderActions({
  epic,
  groupPath,
  onEdit,
}: {
  epic: EpicPageData;
  groupPath: string;
  onEdit: () => void;
}) {
  const { user } = useSession();
  const narrow = useMediaQuery(NARROW_HEADER_QUERY);
  const actions = useEpicHeaderActions(epic, groupPath);
  const can = epic.user_permissions;
  const items = epicMenuItems(epic, {
    myId: user?.id ?? null,
    update: can.update_epic,
    create: can.create_epic,
    destroy: can.destroy_epic,
    subscribed: epic.subscribed,
    narrow,
  });
  const stateLabel = epic.state === 'opened' ? 'Close epic' : 'Reopen epic';
  const run: Record<Exclude<EpicActionKey, 'copy-reference' | 'report-abuse'>, () => void> = {
    edit: onEdit,
    'toggle-state': actions.toggleState,
    'new-epic': actions.newEpic,
    notifications: actions.toggleSubscription,
    delete: actions.askToDelete,
  };
  return (
    <>
      <div className={layout.actions}>
        {!narrow && can.update_epic && (
          <>
            <button
              type="button"
              className={buttonClassName()}
              onClick={onEdit}
              disabled={actions.busy}
              data-shortcut-target="edit"
            >
              Edit
            </button>
            <button type="button" className={buttonClassName()} onClick={actions.toggleState} disabled={actions.busy}>
              {stateLabel}
            </button>
          </>
        )}
        <EpicActionsMenu
          epic={epic}
          groupPath={groupPath}
          items={items}
          isDisabled={actions.busy}
          onAction={(key) => run[key as keyof typeof run]?.()}
        />
      </div>
      {actions.failure && <Alert variant="danger">{actions.failure}</Alert>}
      {actions.deletion.isOpen && (
        <Suspense fallback={null}>
          <EpicDeleteDialog
            isPending={actions.deletion.isPending}
            onCancel={actions.deletion.cancel}
            onConfirm={actions.deletion.confirm}
          />
        </Suspense>
      )}
    </>
  );
}
