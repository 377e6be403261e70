import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import type { Epic } from '../../lib/types';
import { buttonClassName } from '../../ui/buttonClassName';
import { StateListPage, type StateListTab } from '../shared/StateListPage';
import { EpicsTable } from './EpicsTable';
import { epicKeys, useCanCreateEpic } from './queries';

const TABS: StateListTab[] = [
  { state: 'opened', label: 'Open', emptyTitle: 'No open epics found' },
  { state: 'closed', label: 'Closed', emptyTitle: 'No closed epics found' },
  { state: 'all', label: 'All', emptyTitle: 'No epics found' },
];

/** `/groups/:group/-/epics` */
export function EpicsListPage({ fullPath }: { fullPath: string }) {
  const canCreate = useCanCreateEpic(fullPath);
  return (
    <StateListPage<Epic>
      owner={{ kind: 'group', fullPath, page: 'epics' }}
      exportCsvPath={`/groups/${fullPath}/-/epics.csv`}
      title="Epics"
      actions={
        canCreate.data && (
          <AppLink href={urls.newEpic(fullPath)} className={buttonClassName('confirm')}>
            New epic
          </AppLink>
        )
      }
      list="epics"
      scope={epicKeys.lists()}
      tabs={TABS}
      errorText="Something went wrong while fetching epics"
      tabsLabel="Epic state"
      emptyDescription="Epics let you manage your portfolio of projects by tracking groups of issues that share a theme."
      renderTable={(epics) => <EpicsTable epics={epics} groupPath={fullPath} />}
    />
  );
}
