import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import type { MergeRequest } from '../../lib/types';
import { buttonClassName } from '../../ui/buttonClassName';
import { GroupNewItemButton } from '../shared/GroupNewItemButton';
import { StateListPage, type StateListTab } from '../shared/StateListPage';
import { MergeRequestsTable } from './MergeRequestsTable';
import { mergeRequestKeys } from './queries';
import { useCanCreateMergeRequest, useCanCreateMergeRequestInGroup } from './useCanCreateMergeRequest';

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

/** "New merge request", for who may open one in the project (Developer and up). */
function NewMergeRequestButton({ projectPath }: { projectPath: string }) {
  const allowed = useCanCreateMergeRequest(projectPath);
  if (!allowed.data) return null;
  return (
    <AppLink href={urls.newMergeRequest(projectPath)} className={buttonClassName('confirm')}>
      New merge request
    </AppLink>
  );
}

/** The group list's "New merge request": asks for the project, if the user may open one in any. */
function GroupNewMergeRequestButton({ groupPath }: { groupPath: string }) {
  const allowed = useCanCreateMergeRequestInGroup(groupPath);
  return allowed.data ? <GroupNewItemButton groupPath={groupPath} kind="merge_request" /> : null;
}

/** `/:group/:project/-/merge_requests` and `/groups/:group/-/merge_requests` */
export function MergeRequestsListPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  return (
    <StateListPage<MergeRequest>
      {...LIST}
      owner={{ kind, fullPath, page: 'merge_requests' }}
      exportCsvPath={
        kind === 'project' ? `/${fullPath}/-/merge_requests.csv` : `/groups/${fullPath}/-/merge_requests.csv`
      }
      actions={
        kind === 'project' ? (
          <NewMergeRequestButton projectPath={fullPath} />
        ) : (
          <GroupNewMergeRequestButton groupPath={fullPath} />
        )
      }
      renderTable={(mergeRequests) => (
        <MergeRequestsTable mergeRequests={mergeRequests} showProject={kind === 'group'} />
      )}
    />
  );
}
