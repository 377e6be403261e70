import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { roadmapKeys } from '../roadmap/queries';
import { createEpic, fetchCanCreateEpic, type NewEpic } from './epicsApi';
import { fetchEpicPage } from './header/epicPageApi';

export const epicKeys = {
  all: ['epics'] as const,
  lists: () => ['epics', 'list'] as const,
  detail: (groupPath: string, iid: number) => ['epics', 'detail', groupPath, iid] as const,
  /** The child epics and issues lists of one epic. */
  detailLists: (groupPath: string, iid: number) => ['epics', 'detail', groupPath, iid, 'list'] as const,
  /** The epic's child tree (features/epics/tree): every level's query lives under it. */
  tree: (groupPath: string, iid: number) => ['epics', 'detail', groupPath, iid, 'tree'] as const,
  /** The epic's discussions, award emoji and comment permissions (features/notes). */
  notes: (groupPath: string, iid: number) => ['epics', 'detail', groupPath, iid, 'notes'] as const,
  canCreate: (groupPath: string, userId: number | null) => ['epics', 'can-create', groupPath, userId] as const,
  /** A part of the epic sidebar (features/epics/sidebar): under the detail key, so live updates refetch it too. */
  sidebar: (groupPath: string, iid: number, part: 'state' | 'ancestors' | 'participants' | 'color') =>
    ['epics', 'detail', groupPath, iid, 'sidebar', part] as const,
  /** The choices of an epic sidebar picker (the group's labels). */
  sidebarOptions: (groupPath: string, field: 'labels') => ['epics', 'sidebar-options', groupPath, field] as const,
  /** What the child-items Add forms look up (features/epics/tree-add): groups, projects, the default project. */
  treeAdd: () => ['epics', 'tree-add'] as const,
  treeAddGroup: (groupPath: string) => ['epics', 'tree-add', 'group', groupPath] as const,
  treeAddGroups: (groupPath: string, search: string) => ['epics', 'tree-add', 'groups', groupPath, search] as const,
  treeAddProjects: (groupPath: string, search: string) => ['epics', 'tree-add', 'projects', groupPath, search] as const,
  treeAddDefaultProject: (groupPath: string, iid: number, userId: number | null) =>
    ['epics', 'tree-add', 'default-project', groupPath, iid, userId] as const,
};

/** The epic from its page JSON (IE-7): the REST epic with labels' details, lock_version and the viewer's permissions. */
export function useEpic(groupPath: string, iid: number) {
  return useQuery({
    queryKey: epicKeys.detail(groupPath, iid),
    queryFn: ({ signal }) => fetchEpicPage(groupPath, iid, signal),
  });
}

/** Waits for the session: GraphQL is a POST, so it needs the session's CSRF token. */
export function useCanCreateEpic(groupPath: string) {
  const { user, isLoading } = useSession();
  return useQuery({
    enabled: !isLoading,
    queryKey: epicKeys.canCreate(groupPath, user?.id ?? null),
    queryFn: ({ signal }) => fetchCanCreateEpic(groupPath, signal),
    staleTime: 60_000,
  });
}

/** Creates an epic; the epic lists (with their counts) and the roadmap are then refetched. */
export function useCreateEpic(groupPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (epic: NewEpic) => createEpic(groupPath, epic),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: epicKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: roadmapKeys.all });
    },
  });
}
