import { Badge } from '../../../ui/Badge';
import { CreatedBy, DetailHeader, OpenBadge } from '../../shared/DetailPage';
import { EpicHeaderActions } from './EpicHeaderActions';
import type { EpicPageData } from './epicPageApi';
import { RollupDrift } from './RollupDrift';

/** IE §8: the badge admins see on an epic whose author is banned. */
const HIDDEN_TEXT = 'This epic is hidden because its author has been banned.';

/**
 * The epic page's header (IE §2.3): the Open / Closed state, Confidential and (admins) Hidden badges,
 * "Epic created … by …", the actions, the title, and the rollup drift line under it. Epics carry no
 * imported flag in Meridian (no such column), so there is no Imported badge.
 */
export function EpicHeader({ epic, groupPath, onEdit }: { epic: EpicPageData; groupPath: string; onEdit: () => void }) {
  return (
    <DetailHeader
      badges={
        <>
          <OpenBadge state={epic.state} />
          {epic.confidential && <Badge variant="warning">Confidential</Badge>}
          {epic.hidden && (
            <Badge variant="warning" title={HIDDEN_TEXT}>
              <span role="img" aria-label={HIDDEN_TEXT}>
                Hidden
              </span>
            </Badge>
          )}
        </>
      }
      byline={<CreatedBy what="Epic" at={epic.created_at} author={epic.author} />}
      actions={<EpicHeaderActions epic={epic} groupPath={groupPath} onEdit={onEdit} />}
      title={epic.title}
      belowTitle={<RollupDrift epic={epic} />}
      sticky
    />
  );
}
