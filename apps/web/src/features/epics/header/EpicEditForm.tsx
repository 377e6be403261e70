import { LEAVE_PAGE_TEXT, TitleDescriptionForm } from '../../shared/edit/TitleDescriptionForm';
import { useEpic } from '../queries';
import type { EpicPageData } from './epicPageApi';
import { useUpdateEpic } from './queries';
import { epicDraftKey } from './useEpicHeaderActions';

/** IE §5 "Edit conflict", for epics. */
export const EPIC_EDIT_CONFLICT_TEXT =
  'Someone edited this epic at the same time you did. The description has been updated and you will need to make your changes again.';

/** IE §2.3: the epic's title and description edited in place, as the (drafts, lock_version conflicts). */
export function EpicEditForm({
  epic,
  groupPath,
  onClose,
}: {
  epic: EpicPageData;
  groupPath: string;
  onClose: () => void;
}) {
  const update = useUpdateEpic(groupPath, epic.iid);
  const latest = useEpic(groupPath, epic.iid);
  return (
    <TitleDescriptionForm
      item={epic}
      draftKey={epicDraftKey(groupPath, epic.iid)}
      latest={latest}
      save={update}
      texts={{ conflict: EPIC_EDIT_CONFLICT_TEXT, leavePage: LEAVE_PAGE_TEXT }}
      editor={{ projectPath: groupPath, containerKind: 'group', confidential: epic.confidential === true }}
      onClose={onClose}
    />
  );
}
