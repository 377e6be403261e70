import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
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
