import { EpicPage } from '../features/epics/EpicPage';
import { EpicsListPage } from '../features/epics/EpicsListPage';
import { NewEpicPage } from '../features/epics/NewEpicPage';
import { GroupLoading, GroupOverview } from '../features/groups/GroupOverview';
import { IssuePage } from '../features/issues/IssuePage';
import { GroupIssuesPage, ProjectIssuesPage } from '../features/issues/IssuesListPage';
import { LabelsPage } from '../features/labels/LabelsPage';
import { MergeRequestPage } from '../features/merge-requests/MergeRequestPage';
import { GroupMergeRequestsPage, ProjectMergeRequestsPage } from '../features/merge-requests/MergeRequestsListPage';
import { MilestonesPage } from '../features/milestones/MilestonesPage';
import { ProjectOverview } from '../features/projects/ProjectOverview';
import { RoadmapPage } from '../features/roadmap/RoadmapPage';
import { parseResourcePath } from '../lib/paths';
import { useGroup, useNamespace } from '../lib/queries';
import { useLocationInfo } from '../lib/useLocationSearch';
import { NotFoundPage } from './NotFoundPage';

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
