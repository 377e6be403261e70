import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerReview,
  cancelReassignment,
  fetchReview,
  fetchSourceUsers,
  keepAllAsPlaceholder,
  keepAsPlaceholder,
  reassignSourceUser,
  resendNotification,
  searchUsers,
  undoKeepAsPlaceholder,
} from './sourceUsersApi';

export const sourceUserKeys = {
  all: ['import-source-users'] as const,
  list: (fullPath: string, search: string) => [...sourceUserKeys.all, 'list', fullPath, search] as const,
  review: (id: number) => [...sourceUserKeys.all, 'review', id] as const,
  users: (search: string) => [...sourceUserKeys.all, 'users', search] as const,
};

export const useSourceUsers = (fullPath: string, search: string) =>
  useQuery({
    queryKey: sourceUserKeys.list(fullPath, search),
    queryFn: ({ signal }) => fetchSourceUsers(fullPath, search, signal),
  });

export const useUserSearch = (search: string) =>
  useQuery({
    queryKey: sourceUserKeys.users(search),
    queryFn: ({ signal }) => searchUsers(search, signal),
    enabled: search.length > 0,
  });

type Action =
  | { kind: 'reassign'; id: string; userId: number }
  | { kind: 'cancel' | 'keep' | 'undoKeep' | 'resend'; id: string };

/** An Owner's action on a source user; the list is read again after it. */
export function useSourceUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => {
      switch (action.kind) {
        case 'reassign':
          return reassignSourceUser(action.id, action.userId);
        case 'cancel':
          return cancelReassignment(action.id);
        case 'keep':
          return keepAsPlaceholder(action.id);
        case 'undoKeep':
          return undoKeepAsPlaceholder(action.id);
        case 'resend':
          return resendNotification(action.id);
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: sourceUserKeys.all }),
  });
}

/** The Owner keeps every pending placeholder at once; the list is read again after it. */
export function useKeepAllAsPlaceholder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: keepAllAsPlaceholder,
    onSuccess: () => client.invalidateQueries({ queryKey: sourceUserKeys.all }),
  });
}

export const useReview = (id: number) =>
  useQuery({ queryKey: sourceUserKeys.review(id), queryFn: ({ signal }) => fetchReview(id, signal), retry: false });

export function useAnswerReview(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') => answerReview(id, answer),
    onSuccess: (data) => client.setQueryData(sourceUserKeys.review(id), data),
  });
}
