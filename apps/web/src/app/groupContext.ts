import type { UseQueryResult } from '@tanstack/react-query';
import { urls } from '../lib/paths';
import { useGroup, useProject } from '../lib/queries';
import type { Group, Project } from '../lib/types';
import type { Crumb } from './Breadcrumbs';
import { namespaceCrumbs } from './Breadcrumbs';
import type { SidebarContext } from './Sidebar';

/** The name to show while the group or project loads: the last segment of its path. */
function loadingName(fullPath: string): string {
  return fullPath.split('/').pop() ?? fullPath;
}

/** Sidebar context for a group (falls back to the path while the group loads). */
export function groupSidebar(fullPath: string, group: Group | undefined): SidebarContext {
  const name = group?.name ?? loadingName(fullPath);
  return {
    kind: 'group',
    fullPath,
    name,
    id: group?.id,
    avatarUrl: group?.avatar_url,
    canManageSettings: group?.can_admin_issuable_templates === true,
    canSeeSeats: group?.can_admin_group === true && !fullPath.includes('/'),
    canManageDuo: group?.can_admin_group === true,
  };
}

export function projectSidebar(fullPath: string, project: Project | undefined): SidebarContext {
  return {
    kind: 'project',
    fullPath,
    name: project?.name ?? loadingName(fullPath),
    id: project?.id,
    canManageSettings: project?.can_admin_issuable_templates === true,
    canReadVulnerabilities: project?.can_read_vulnerability === true,
    canReadEscalationPolicies: project?.can_read_escalation_policies === true,
  };
}

export function groupCrumbs(fullPath: string, group: Group | undefined, ...extra: Crumb[]): Crumb[] {
  return [...namespaceCrumbs(fullPath, group?.full_name), ...extra];
}

export function projectCrumbs(fullPath: string, project: Project | undefined, ...extra: Crumb[]): Crumb[] {
  return [...namespaceCrumbs(fullPath, project?.name_with_namespace), ...extra];
}

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
