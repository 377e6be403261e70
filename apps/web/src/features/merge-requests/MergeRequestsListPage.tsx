import type { MergeRequest } from '../../lib/types';
import { StateListPage, type StateListTab } from '../shared/StateListPage';
import { MergeRequestsTable } from './MergeRequestsTable';
import { mergeRequestKeys } from './queries';

const TABS: StateListTab[] = [
  { state: 'opened', label: 'Open', emptyTitle: 'No open merge requests' },
  { state: 'merged', label: 'Merged', emptyTitle: 'No merged merge requests' },
  { state: 'closed', label: 'Closed', emptyTitle: 'No closed merge requests' },
  { state: 'all', label: 'All', emptyTitle: 'No merge requests found' },
];

const LIST = {
  list: 'merge_requests' as const,
  scope: mergeRequestKeys.lists(),
  title: 'Merge requests',
  tabs: TABS,
  tabsLabel: 'Merge request state',
  emptyDescription: 'Merge requests propose changes to the code.',
};

/** `/:group/:project/-/merge_requests` and `/groups/:group/-/merge_requests` */
export function MergeRequestsListPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  return (
    <StateListPage<MergeRequest>
      {...LIST}
      owner={{ kind, fullPath, page: 'merge_requests' }}
      renderTable={(mergeRequests) => (
        <MergeRequestsTable mergeRequests={mergeRequests} showProject={kind === 'group'} />
      )}
    />
  );
}
