import { useLayoutEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import { showToast } from '../../ui/toast';
import { LazyReportAbuseDrawer } from '../moderation/LazyReportAbuseDrawer';
import styles from '../shared/HeaderActionsMenu.module.css';
import { canReportEpic, EPIC_ACTIONS_LABEL, type EpicActionsMenuProps } from './EpicActionsMenu';

type EpicActionKey = 'copy-reference' | 'report-abuse';

/** The menu itself, mounted open by the first press of EpicActionsMenu's placeholder. */
export function EpicActionsMenuPopover({ epic, groupPath, myId }: EpicActionsMenuProps) {
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
    else void navigator.clipboard?.writeText(reference).then(() => showToast('Reference copied'));
  };
  return (
    <>
      <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <AriaButton ref={trigger} className={styles.trigger} aria-label={EPIC_ACTIONS_LABEL}>
          <span aria-hidden="true">⋮</span>
        </AriaButton>
        <Popover className={menu.popover} placement="bottom end">
          <Menu className={menu.menu} onAction={(key) => run(key as EpicActionKey)}>
            <MenuItem id="copy-reference" className={menu.item}>
              Copy reference
            </MenuItem>
            {canReportEpic(epic, myId) && (
              <MenuItem id="report-abuse" className={menu.item}>
                Report abuse
              </MenuItem>
            )}
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
