import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchGroupSubscription,
  listBillableMembers,
  listBillableMemberships,
  removeBillableMember,
} from './billingApi';

export const billingKeys = {
  all: (groupPath: string) => ['billing', groupPath] as const,
  subscription: (groupPath: string) => ['billing', groupPath, 'subscription'] as const,
  members: (groupPath: string, page: number, search: string) =>
    ['billing', groupPath, 'members', page, search] as const,
  memberships: (groupPath: string, userId: number) => ['billing', groupPath, 'memberships', userId] as const,
};

export function useGroupSubscription(groupPath: string) {
  return useQuery({
    queryKey: billingKeys.subscription(groupPath),
    queryFn: ({ signal }) => fetchGroupSubscription(groupPath, signal),
    retry: false,
  });
}

export function useBillableMembers(groupPath: string, page: number, search: string) {
  return useQuery({
    queryKey: billingKeys.members(groupPath, page, search),
    queryFn: ({ signal }) => listBillableMembers(groupPath, { page, search }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBillableMemberships(groupPath: string, userId: number | null) {
  return useQuery({
    queryKey: billingKeys.memberships(groupPath, userId ?? 0),
    queryFn: ({ signal }) => listBillableMemberships(groupPath, userId ?? 0, signal),
    enabled: userId !== null,
  });
}

/** Removes a member from the whole hierarchy; the seats and the list load again. */
export function useRemoveBillableMember(groupPath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeBillableMember(groupPath, userId),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.all(groupPath) }),
  });
}
