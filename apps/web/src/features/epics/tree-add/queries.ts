import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Epic } from '../../../lib/types';
import { epicKeys } from '../queries';
import type { PickerItem } from './SearchPicker';
import {
  type AddByReferencesAnswer,
  addByReferences,
  createChildEpic,
  createIssueInEpic,
  fetchDefaultProject,
  fetchDescendantGroups,
  fetchGroup,
  fetchGroupProjects,
} from './treeAddApi';

/** The parent epic's group, for its name in the group picker. */
export function useParentGroup(groupPath: string) {
  return useQuery({
    queryKey: epicKeys.treeAddGroup(groupPath),
    queryFn: ({ signal }) => fetchGroup(groupPath, signal),
    staleTime: 60_000,
  });
}

/** The group's descendant groups matching `search` (IE-14). */
export function useDescendantGroups(groupPath: string, search: string) {
  return useQuery({
    queryKey: epicKeys.treeAddGroups(groupPath, search),
    queryFn: ({ signal }) => fetchDescendantGroups(groupPath, search, signal),
    staleTime: 30_000,
  });
}

/** The projects of the group and its subgroups matching `search` (IE-16). */
export function useGroupProjects(groupPath: string, search: string) {
  return useQuery({
    queryKey: epicKeys.treeAddProjects(groupPath, search),
    queryFn: ({ signal }) => fetchGroupProjects(groupPath, search, signal),
    staleTime: 30_000,
  });
}

/** Where the signed-in viewer last created an issue under the group (null when signed out). */
export function useDefaultProject(groupPath: string, iid: number, userId: number | null | undefined) {
  return useQuery({
    queryKey: epicKeys.treeAddDefaultProject(groupPath, iid, userId ?? null),
    queryFn: ({ signal }) => fetchDefaultProject(groupPath, iid, signal),
    enabled: userId !== null && userId !== undefined,
  });
}

/** A new child: its title and where it goes (a project for an issue, a group for an epic). */
export interface ChildDraft {
  where: PickerItem;
  title: string;
}

/** IE-12: a new issue in the epic. The next form's default is where it went: the server is asked again, not the cache. */
export function useCreateIssueInEpic(epic: Epic, groupPath: string, userId: number | null | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ where, title }: ChildDraft) => createIssueInEpic(where.id, epic, title),
    onSuccess: () =>
      client.removeQueries({ queryKey: epicKeys.treeAddDefaultProject(groupPath, epic.iid, userId ?? null) }),
  });
}

/** IE-13: a new epic under the parent. */
export function useCreateChildEpic(epic: Epic) {
  return useMutation({ mutationFn: ({ where, title }: ChildDraft) => createChildEpic(where.id, epic, title) });
}

/** IE-10: existing issues or epics added by their references. */
export function useAddByReferences(
  groupPath: string,
  iid: number,
  type: 'issue' | 'epic',
  on: { onSuccess: (answer: AddByReferencesAnswer) => void; onError: (error: Error) => void },
) {
  return useMutation({
    mutationFn: (references: string[]) => addByReferences(groupPath, iid, type, references),
    ...on,
  });
}

/** After an add: the epic's tree and its child lists refetch. */
export function useChildrenChanged(groupPath: string, iid: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: epicKeys.tree(groupPath, iid) });
    void client.invalidateQueries({ queryKey: epicKeys.detailLists(groupPath, iid) });
  };
}
