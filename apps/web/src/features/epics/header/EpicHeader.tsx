import { Badge } from '../../../ui/Badge';
import { CreatedBy, DetailHeader, OpenBadge } from '../../shared/DetailPage';
import { ImportedBadge } from '../../shared/ImportedBadge';
import { EpicHeaderActions } from './EpicHeaderActions';
import type { EpicPageData } from './epicPageApi';
import { RollupDrift } from './RollupDrift';

/** IE §8: the badge admins see on an epic whose author is banned. */
const HIDDEN_TEXT = 'This epic is hidden because its author has been banned.';

/**
 * The epic page's header (IE §2.3): the Open / Closed state, Confidential, (admins) Hidden and
 * Imported, "Epic created … by …", the actions, the title, and the rollup drift line under it.
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
          <ImportedBadge what="epic" imported={epic.imported} />
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
