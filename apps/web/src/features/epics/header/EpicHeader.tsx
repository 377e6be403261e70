import { Badge } from '../../../ui/Badge';
import { CreatedBy, DetailHeader, OpenBadge } from '../../shared/DetailPage';
import { HiddenBadge, ImportedBadge } from '../../shared/HeaderBadges';
import { EpicHeaderActions } from './EpicHeaderActions';
import type { EpicPageData } from './epicPageApi';
import { RollupDrift } from './RollupDrift';

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
          <HiddenBadge what="epic" hidden={epic.hidden} />
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
