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
  return { kind: 'group', fullPath, name, id: group?.id, avatarUrl: group?.avatar_url };
}

export function projectSidebar(fullPath: string, project: Project | undefined): SidebarContext {
  return { kind: 'project', fullPath, name: project?.name ?? loadingName(fullPath), id: project?.id };
}

export function groupCrumbs(fullPath: string, group: Group | undefined, ...extra: Crumb[]): Crumb[] {
  return [...namespaceCrumbs(fullPath, group?.full_name), ...extra];
}

export function projectCrumbs(fullPath: string, project: Project | undefined, ...extra: Crumb[]): Crumb[] {
  return [...namespaceCrumbs(fullPath, project?.name_with_namespace), ...extra];
}
