import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import { useSession } from '../../lib/session';
import { newItemProjectFilters } from '../shared/GroupNewItemButton';
import { mergeRequestKeys } from './queries';

/** Whether the signed-in user may open merge requests in the project; false for a visitor. */
export function useCanCreateMergeRequest(projectPath: string) {
  const session = useSession();
  const signedIn = session.user !== null;
  return useQuery({
    // GraphQL is a POST: it waits for the session's CSRF token.
    enabled: !session.isLoading,
    queryKey: [...mergeRequestKeys.all, 'can-create', projectPath, signedIn],
    queryFn: async ({ signal }) =>
      signedIn ? (await import('./newMergeRequestApi')).fetchCanCreateMergeRequest(projectPath, signal) : false,
    staleTime: 60_000,
  });
}

/** Whether the signed-in user may open a merge request in any of the group's projects (or its subgroups'). */
export function useCanCreateMergeRequestInGroup(groupPath: string) {
  const { user } = useSession();
  return useQuery({
    enabled: user !== null,
    queryKey: [...mergeRequestKeys.all, 'can-create-in-group', groupPath],
    queryFn: async ({ signal }) => {
      const path = `/groups/${encodeId(groupPath)}/projects`;
      const filters = { ...newItemProjectFilters('merge_request'), include_subgroups: true, archived: false };
      return (await apiGet<unknown[]>(apiPath(path, { ...filters, per_page: 1 }), signal)).length > 0;
    },
    staleTime: 60_000,
  });
}
