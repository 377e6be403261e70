import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchGroupSubscription,
  listBillableMembers,
  listBillableMemberships,
  removeBillableMember,
} from './billingApi';
import {
  fetchCountries,
  fetchGroup,
  fetchGroupOrders,
  fetchPaymentForm,
  fetchPendingOrders,
  fetchStates,
  type OrderPayload,
  placeOrder,
  settleOrder,
} from './purchaseApi';

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

export const purchaseKeys = {
  countries: ['purchase', 'countries'] as const,
  states: (country: string) => ['purchase', 'states', country] as const,
  paymentForm: ['purchase', 'payment-form'] as const,
  group: (id: number) => ['purchase', 'group', id] as const,
  orders: (groupPath: string) => ['billing', groupPath, 'orders'] as const,
  pending: ['billing', 'admin', 'pending-orders'] as const,
};

export function useCountries() {
  return useQuery({
    queryKey: purchaseKeys.countries,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: Infinity,
  });
}

export function useCountryStates(country: string) {
  return useQuery({
    queryKey: purchaseKeys.states(country),
    queryFn: ({ signal }) => fetchStates(country, signal),
    enabled: country !== '',
    staleTime: Infinity,
  });
}

export function usePaymentForm() {
  return useQuery({ queryKey: purchaseKeys.paymentForm, queryFn: ({ signal }) => fetchPaymentForm(signal) });
}

export function usePurchaseGroup(id: number) {
  return useQuery({
    queryKey: purchaseKeys.group(id),
    queryFn: ({ signal }) => fetchGroup(id, signal),
    enabled: id > 0,
    retry: false,
  });
}

export function useGroupOrders(groupPath: string) {
  return useQuery({
    queryKey: purchaseKeys.orders(groupPath),
    queryFn: ({ signal }) => fetchGroupOrders(groupPath, signal),
    retry: false,
  });
}

/** Places an order; the billing views (its orders) load again. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, key }: { payload: OrderPayload; key: string }) => placeOrder(payload, key),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}

export function usePendingOrders(enabled: boolean) {
  return useQuery({
    queryKey: purchaseKeys.pending,
    queryFn: ({ signal }) => fetchPendingOrders(signal),
    enabled,
    retry: false,
  });
}

/** An administrator settles an order; every billing view loads again. */
export function useSettleOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: number; outcome: 'mark_paid' | 'mark_failed' }) => settleOrder(id, outcome),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}
