import { encodeId } from '../../lib/api';
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
  loadingLabel: 'Loading merge requests',
  emptyDescription: 'Merge requests propose changes to the code.',
};

/** `/:group/:project/-/merge_requests` */
export function ProjectMergeRequestsPage({ fullPath }: { fullPath: string }) {
  return (
    <StateListPage<MergeRequest>
      {...LIST}
      owner={{ kind: 'project', fullPath, page: 'merge_requests' }}
      path={`/projects/${encodeId(fullPath)}/merge_requests`}
      renderTable={(mergeRequests) => <MergeRequestsTable mergeRequests={mergeRequests} showProject={false} />}
    />
  );
}

/** `/groups/:group/-/merge_requests` */
export function GroupMergeRequestsPage({ fullPath }: { fullPath: string }) {
  return (
    <StateListPage<MergeRequest>
      {...LIST}
      owner={{ kind: 'group', fullPath, page: 'merge_requests' }}
      path={`/groups/${encodeId(fullPath)}/merge_requests`}
      renderTable={(mergeRequests) => <MergeRequestsTable mergeRequests={mergeRequests} showProject />}
    />
  );
}
