import { lazyNamed } from '../app/lazyNamed';
import { useGroup, useNamespace } from '../lib/queries';

const GroupOverview = lazyNamed(() => import('../features/groups/GroupOverview'), 'GroupOverview');
const GroupLoading = lazyNamed(() => import('../features/groups/GroupOverview'), 'GroupLoading');
const ProjectOverview = lazyNamed(() => import('../features/projects/ProjectOverview'), 'ProjectOverview');

/** `/acme/web`: a group or a project, as the server says. */
export function NamespaceOverview({ fullPath }: { fullPath: string }) {
  const query = useNamespace(fullPath);
  if (query.isPending) return <GroupLoading fullPath={fullPath} />;
  if (query.isError)
    return <GroupLoading fullPath={fullPath} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.kind === 'project') return <ProjectOverview project={query.data.project} />;
  return <GroupOverview group={query.data.group} />;
}

/** `/groups/acme`: always a group. */
export function GroupOverviewByPath({ fullPath }: { fullPath: string }) {
  const query = useGroup(fullPath);
  if (query.isPending) return <GroupLoading fullPath={fullPath} />;
  if (query.isError)
    return <GroupLoading fullPath={fullPath} error={query.error} onRetry={() => void query.refetch()} />;
  return <GroupOverview group={query.data} />;
}
