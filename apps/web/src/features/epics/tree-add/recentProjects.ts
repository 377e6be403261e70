import { RECENT_PROJECTS_MAX } from '@meridian/domain';
import { recentItems } from '../../../lib/recentItems';

/** A project the user created an issue in from an epic (IE §5, like GitLab's frequent items). */
export interface RecentProject {
  id: number;
  name: string;
  path_with_namespace: string;
}

const isRecentProject = (value: unknown): value is RecentProject => {
  const v = value as Partial<RecentProject> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'number' &&
    typeof v.name === 'string' &&
    typeof v.path_with_namespace === 'string'
  );
};

/** The signed-in user's recently used projects, newest first, kept in localStorage under their own key. */
export const recentProjects = (userId: number) =>
  recentItems<RecentProject>(
    `meridian:epic-tree:recent-projects:${userId}`,
    RECENT_PROJECTS_MAX,
    isRecentProject,
    (a, b) => a.id === b.id,
  );
