import { useLayoutEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import { showToast } from '../../ui/toast';
import { LazyReportAbuseDrawer } from '../moderation/LazyReportAbuseDrawer';
import styles from '../shared/HeaderActionsMenu.module.css';
import { EPIC_ACTIONS_LABEL, type EpicActionKey, type EpicActionsMenuProps } from './EpicActionsMenu';

/** The menu itself, mounted open by the first press of EpicActionsMenu's placeholder. */
export function EpicActionsMenuPopover({ epic, groupPath, items, onAction, isDisabled }: EpicActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
  const reference = epic.references?.full ?? `${groupPath}&${epic.iid}`;
  const run = (key: EpicActionKey) => {
    if (key === 'report-abuse') setReporting(true);
    else if (key === 'copy-reference')
      void navigator.clipboard?.writeText(reference).then(
        () => showToast('Reference copied'),
        () => showToast('Could not copy the reference. Please copy it from the sidebar.'),
      );
    else onAction(key);
  };
  return (
    <>
      <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <AriaButton ref={trigger} className={styles.trigger} aria-label={EPIC_ACTIONS_LABEL} isDisabled={isDisabled}>
          <span aria-hidden="true">⋮</span>
        </AriaButton>
        <Popover className={menu.popover} placement="bottom end">
          <Menu className={menu.menu} onAction={(key) => run(key as EpicActionKey)}>
            {items.map(({ key, label }) => [
              key === 'delete' && <Separator key="separator" className={menu.separator} />,
              <MenuItem key={key} id={key} className={key === 'delete' ? `${menu.item} ${menu.danger}` : menu.item}>
                {label}
              </MenuItem>,
            ])}
          </Menu>
        </Popover>
      </MenuTrigger>
      {epic.author && (
        <LazyReportAbuseDrawer
          isOpen={reporting}
          onOpenChange={setReporting}
          reportedUserId={epic.author.id}
          reportedFromUrl={epic.web_url ?? window.location.href}
        />
      )}
    </>
  );
}
