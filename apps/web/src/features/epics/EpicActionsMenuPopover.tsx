import { useState } from 'react';
import { showToast } from '../../ui/toast';
import { ReportAuthorDrawer } from '../moderation/LazyReportAbuseDrawer';
import { HeaderActionsMenuOpen } from '../shared/HeaderActionsMenuOpen';
import { EPIC_ACTIONS_LABEL, type EpicActionKey, type EpicActionsMenuProps } from './EpicActionsMenu';

/** The menu itself, mounted open by the first press of EpicActionsMenu's placeholder. */
export function EpicActionsMenuPopover({ epic, groupPath, items, onAction, isDisabled }: EpicActionsMenuProps) {
  const [reporting, setReporting] = useState(false);
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
      <HeaderActionsMenuOpen label={EPIC_ACTIONS_LABEL} isDisabled={isDisabled} items={items} onAction={run} />
      <ReportAuthorDrawer item={epic} isOpen={reporting} onOpenChange={setReporting} />
    </>
  );
}
