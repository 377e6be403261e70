import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWritesPending, writeScope } from '../../lib/pendingWrites';
import { useSession } from '../../lib/session';
import type { Issue } from '../../lib/types';
import { issueDetailKey, issueQuery } from './issueQuery';
import { type IssueChanges, updateIssue } from './issuesApi';

export const issueKeys = {
  all: ['issues'] as const,
  lists: () => ['issues', 'list'] as const,
  detail: issueDetailKey,
  notes: (projectPath: string, iid: number) => ['issues', 'detail', projectPath, iid, 'notes'] as const,
  permissions: (projectPath: string, iid: number, userId: number | null) =>
    ['issues', 'detail', projectPath, iid, 'permissions', userId] as const,
};

export function useIssue(projectPath: string, iid: number) {
  return useQuery(issueQuery(projectPath, iid));
}

/** Waits for the session: GraphQL is a POST, so it needs the session's CSRF token. */
export function useIssuePermissions(projectPath: string, iid: number) {
  const { user, isLoading } = useSession();
  return useQuery({
    enabled: !isLoading && user !== null,
    queryKey: issueKeys.permissions(projectPath, iid, user?.id ?? null),
    queryFn: async ({ signal }) => (await import('./issuePermissions')).fetchIssuePermissions(projectPath, iid, signal),
  });
}

/**
 * Puts the server's answer in the detail cache and marks the issue lists, the activity and what
 * hangs under the detail stale (an incident's fields and timeline: closing it writes an event).
 */
export function issueSaved(queryClient: QueryClient, projectPath: string, iid: number, issue: Issue) {
  const detail = issueKeys.detail(projectPath, iid);
  queryClient.setQueryData(detail, issue);
  void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: issueKeys.notes(projectPath, iid) });
  void queryClient.invalidateQueries({ queryKey: detail, predicate: (query) => query.queryKey.length > detail.length });
}

/** One issue's saves, in the order they were made (each still shows at once). */
const issueWriteScope = (projectPath: string, iid: number) => writeScope(`issue:${projectPath}#${iid}`);

/** Whether the issue's saves are still on their way. */
export const useIssueSaving = (projectPath: string, iid: number) =>
  useWritesPending(issueWriteScope(projectPath, iid).id);

/**
 * Saves changes to the issue with its lock_version (a stale one is a 409), puts the answer in the
 * detail cache and marks the issue lists and the activity stale (system notes, counts).
 */
export function useUpdateIssue(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: issueWriteScope(projectPath, iid),
    mutationFn: (changes: IssueChanges) => updateIssue(projectPath, iid, changes),
    onSuccess: (issue) => issueSaved(queryClient, projectPath, iid, issue),
  });
}

/**
 * A sidebar edit: `shown` is in the page at once (optimistic), the server's answer replaces it, and a
 * failure puts back what was there before.
 */
export function useIssueFieldUpdate(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  const key = issueKeys.detail(projectPath, iid);
  return useMutation({
    scope: issueWriteScope(projectPath, iid),
    mutationFn: ({ changes }: { changes: IssueChanges; shown: Partial<Issue> }) =>
      updateIssue(projectPath, iid, changes),
    onMutate: async ({ shown }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Issue>(key);
      if (previous) queryClient.setQueryData<Issue>(key, { ...previous, ...shown });
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (issue) => issueSaved(queryClient, projectPath, iid, issue),
  });
}
