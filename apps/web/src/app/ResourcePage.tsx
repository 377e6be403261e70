import { Suspense } from 'react';
import { parseResourcePath } from '../lib/paths';
import { useGroup, useNamespace } from '../lib/queries';
import { useLocationInfo } from '../lib/useLocationSearch';
import { lazyNamed } from './lazyNamed';
import { NotFoundPage } from './NotFoundPage';
import { PageLoading } from './PageLoading';

// Each page is its own chunk, loaded when first shown: the first load carries only the shell.
const EpicPage = lazyNamed(() => import('../features/epics/EpicPage'), 'EpicPage');
const EpicsListPage = lazyNamed(() => import('../features/epics/EpicsListPage'), 'EpicsListPage');
const NewEpicPage = lazyNamed(() => import('../features/epics/NewEpicPage'), 'NewEpicPage');
const GroupOverview = lazyNamed(() => import('../features/groups/GroupOverview'), 'GroupOverview');
const GroupLoading = lazyNamed(() => import('../features/groups/GroupOverview'), 'GroupLoading');
const IssuePage = lazyNamed(() => import('../features/issues/IssuePage'), 'IssuePage');
const GroupIssuesPage = lazyNamed(() => import('../features/issues/IssuesListPage'), 'GroupIssuesPage');
const ProjectIssuesPage = lazyNamed(() => import('../features/issues/IssuesListPage'), 'ProjectIssuesPage');
const LabelsPage = lazyNamed(() => import('../features/labels/LabelsPage'), 'LabelsPage');
const MergeRequestPage = lazyNamed(() => import('../features/merge-requests/MergeRequestPage'), 'MergeRequestPage');
const GroupMergeRequestsPage = lazyNamed(
  () => import('../features/merge-requests/MergeRequestsListPage'),
  'GroupMergeRequestsPage',
);
const ProjectMergeRequestsPage = lazyNamed(
  () => import('../features/merge-requests/MergeRequestsListPage'),
  'ProjectMergeRequestsPage',
);
const MilestonesPage = lazyNamed(() => import('../features/milestones/MilestonesPage'), 'MilestonesPage');
const ProjectOverview = lazyNamed(() => import('../features/projects/ProjectOverview'), 'ProjectOverview');
const RoadmapPage = lazyNamed(() => import('../features/roadmap/RoadmapPage'), 'RoadmapPage');

function NamespacePage({ fullPath }: { fullPath: string }) {
  const query = useNamespace(fullPath);
  if (query.isPending) return <GroupLoading fullPath={fullPath} />;
  if (query.isError)
    return <GroupLoading fullPath={fullPath} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.kind === 'project') return <ProjectOverview project={query.data.project} />;
  return <GroupOverview group={query.data.group} />;
}

function GroupOverviewByPath({ fullPath }: { fullPath: string }) {
  const query = useGroup(fullPath);
  if (query.isPending) return <GroupLoading fullPath={fullPath} />;
  if (query.isError)
    return <GroupLoading fullPath={fullPath} error={query.error} onRetry={() => void query.refetch()} />;
  return <GroupOverview group={query.data} />;
}

/**
 * The splat route: `/:namespace…(/-/page(/:iid))` and `/groups/:group…(/-/page(/:iid))`, parsed
 * around the `/-/` separator as GitLab does.
 */
export function ResourcePage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ResourcePageFor />
    </Suspense>
  );
}

function ResourcePageFor() {
  const { pathname } = useLocationInfo();
  const parsed = parseResourcePath(pathname);
  switch (parsed.kind) {
    case 'namespace':
      return <NamespacePage key={parsed.fullPath} fullPath={parsed.fullPath} />;
    case 'group': {
      const { fullPath } = parsed;
      switch (parsed.page) {
        case 'overview':
          return <GroupOverviewByPath key={fullPath} fullPath={fullPath} />;
        case 'epics':
          return <EpicsListPage key={fullPath} fullPath={fullPath} />;
        case 'epic':
          return <EpicPage key={`${fullPath}&${parsed.iid}`} groupPath={fullPath} iid={parsed.iid ?? 0} />;
        case 'new_epic':
          return <NewEpicPage key={fullPath} groupPath={fullPath} />;
        case 'roadmap':
          return <RoadmapPage key={fullPath} fullPath={fullPath} />;
        case 'issues':
          return <GroupIssuesPage key={fullPath} fullPath={fullPath} />;
        case 'merge_requests':
          return <GroupMergeRequestsPage key={fullPath} fullPath={fullPath} />;
        case 'labels':
          return <LabelsPage key={fullPath} kind="group" fullPath={fullPath} />;
        case 'milestones':
          return <MilestonesPage key={fullPath} kind="group" fullPath={fullPath} />;
      }
      return <NotFoundPage />;
    }
    case 'project': {
      const { fullPath } = parsed;
      switch (parsed.page) {
        case 'overview':
          return <NamespacePage key={fullPath} fullPath={fullPath} />;
        case 'issues':
          return <ProjectIssuesPage key={fullPath} fullPath={fullPath} />;
        case 'issue':
          return <IssuePage key={`${fullPath}#${parsed.iid}`} projectPath={fullPath} iid={parsed.iid ?? 0} />;
        case 'merge_requests':
          return <ProjectMergeRequestsPage key={fullPath} fullPath={fullPath} />;
        case 'merge_request':
          return <MergeRequestPage key={`${fullPath}!${parsed.iid}`} projectPath={fullPath} iid={parsed.iid ?? 0} />;
        case 'labels':
          return <LabelsPage key={fullPath} kind="project" fullPath={fullPath} />;
        case 'milestones':
          return <MilestonesPage key={fullPath} kind="project" fullPath={fullPath} />;
      }
      return <NotFoundPage />;
    }
    default:
      return <NotFoundPage />;
  }
}
