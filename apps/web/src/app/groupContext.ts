import type { Group, Project } from '../lib/types';
import type { Crumb } from './Breadcrumbs';
import { namespaceCrumbs } from './Breadcrumbs';
import type { SidebarContext } from './Sidebar';

/** Sidebar context for a group (falls back to the path while the group loads). */
export function groupSidebar(fullPath: string, group: Group | undefined): SidebarContext {
  return {
    kind: 'group',
    fullPath,
    name: group?.name ?? fullPath.split('/').pop() ?? fullPath,
    id: group?.id,
    avatarUrl: group?.avatar_url,
  };
}

export function projectSidebar(fullPath: string, project: Project | undefined): SidebarContext {
  return {
    kind: 'project',
    fullPath,
    name: project?.name ?? fullPath.split('/').pop() ?? fullPath,
    id: project?.id,
  };
}

export function groupCrumbs(fullPath: string, group: Group | undefined, ...extra: Crumb[]): Crumb[] {
  return [...namespaceCrumbs(fullPath, group?.full_name), ...extra];
}

export function projectCrumbs(fullPath: string, project: Project | undefined, ...extra: Crumb[]): Crumb[] {
  return [...namespaceCrumbs(fullPath, project?.name_with_namespace), ...extra];
}
