import type { UseQueryResult } from '@tanstack/react-query';
import type { Crumb } from '../../app/Breadcrumbs';
import { groupCrumbs, groupSidebar, projectCrumbs, projectSidebar } from '../../app/groupContext';
import type { SidebarContext } from '../../app/Sidebar';
import { urls } from '../../lib/paths';
import { useGroup, useProject } from '../../lib/queries';
import type { Group, Project } from '../../lib/types';

/** A page both a group and a project have. */
export type SharedPage = 'issues' | 'merge_requests' | 'labels' | 'milestones';

/**
 * The sidebar context of a group or project page and its crumbs (the namespace's, then `extra`),
 * named by the path while the namespace loads; `pageHref` is the address of one of its pages, and
 * `query` the namespace's own query.
 */
export function useNamespaceContext(
  kind: 'group' | 'project',
  fullPath: string,
): {
  context: SidebarContext;
  crumbs: (...extra: Crumb[]) => Crumb[];
  pageHref: (page: SharedPage) => string;
  query: UseQueryResult<Group> | UseQueryResult<Project>;
} {
  const isGroup = kind === 'group';
  const group = useGroup(fullPath, isGroup);
  const project = useProject(fullPath, !isGroup);
  return isGroup
    ? {
        context: groupSidebar(fullPath, group.data),
        crumbs: (...extra) => groupCrumbs(fullPath, group.data, ...extra),
        pageHref: (page) => urls.groupPage(fullPath, page),
        query: group,
      }
    : {
        context: projectSidebar(fullPath, project.data),
        crumbs: (...extra) => projectCrumbs(fullPath, project.data, ...extra),
        pageHref: (page) => urls.projectPage(fullPath, page),
        query: project,
      };
}
