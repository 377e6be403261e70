import { encodeId } from '../../lib/api';
import type { Epic } from '../../lib/types';
import { StateListPage, type StateListTab } from '../shared/StateListPage';
import { EpicsTable } from './EpicsTable';

const TABS: StateListTab[] = [
  { state: 'opened', label: 'Open', emptyTitle: 'No open epics found' },
  { state: 'closed', label: 'Closed', emptyTitle: 'No closed epics found' },
  { state: 'all', label: 'All', emptyTitle: 'No epics found' },
];

/** `/groups/:group/-/epics` */
export function EpicsListPage({ fullPath }: { fullPath: string }) {
  return (
    <StateListPage<Epic>
      owner={{ kind: 'group', fullPath, page: 'epics' }}
      title="Epics"
      path={`/groups/${encodeId(fullPath)}/epics`}
      list="epics"
      tabs={TABS}
      errorText="Something went wrong while fetching epics"
      tabsLabel="Epic state"
      loadingLabel="Loading epics"
      emptyDescription="Epics let you manage your portfolio of projects by tracking groups of issues that share a theme."
      renderTable={(epics) => <EpicsTable epics={epics} groupPath={fullPath} />}
    />
  );
}
