import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import type { childMove } from './childMove';
import { fetchWorkItemHierarchy, moveWorkItemChild } from './workItemsApi';

export const workItemKeys = {
  all: ['work-items'] as const,
  hierarchy: (issueId: number) => ['work-items', 'hierarchy', issueId] as const,
};

/** The parent and children of an issue-backed work item (IE-38). GraphQL is a POST, so it waits for the session. */
export function useWorkItemHierarchy(issueId: number) {
  const session = useSession();
  return useQuery({
    enabled: !session.isLoading,
    queryKey: workItemKeys.hierarchy(issueId),
    queryFn: ({ signal }) => fetchWorkItemHierarchy(issueId, signal),
  });
}

/** Moves a child one place; the hierarchy then refetches, moved or not. */
export function useMoveWorkItemChild(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: { id: string; to: NonNullable<ReturnType<typeof childMove>> }) => moveWorkItemChild(m.id, m.to),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workItemKeys.hierarchy(issueId) }),
  });
}
