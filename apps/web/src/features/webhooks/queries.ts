import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createHook,
  deleteHook,
  type HookEventFlag,
  type HookOwner,
  listHookEvents,
  listHooks,
  resendHookEvent,
  testHook,
  updateHook,
  type WebhookInput,
} from './webhooksApi';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (owner: HookOwner) => ['webhooks', owner.kind, owner.fullPath] as const,
  events: (owner: HookOwner, id: number) => ['webhooks', owner.kind, owner.fullPath, id, 'events'] as const,
};

export function useWebhooks(owner: HookOwner) {
  return useQuery({
    queryKey: webhookKeys.list(owner),
    queryFn: ({ signal }) => listHooks(owner, signal),
    retry: false,
  });
}

export function useHookEvents(owner: HookOwner, id: number) {
  return useQuery({
    queryKey: webhookKeys.events(owner, id),
    queryFn: ({ signal }) => listHookEvents(owner, id, signal),
  });
}

/** Any hook change: the list (alert status) and its events load again. */
function useChanged(owner: HookOwner) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: webhookKeys.list(owner) });
}

export function useSaveHook(owner: HookOwner, id: number | null) {
  const changed = useChanged(owner);
  return useMutation({
    mutationFn: (input: WebhookInput) => (id === null ? createHook(owner, input) : updateHook(owner, id, input)),
    onSuccess: changed,
  });
}

export function useDeleteHook(owner: HookOwner) {
  const changed = useChanged(owner);
  return useMutation({ mutationFn: (id: number) => deleteHook(owner, id), onSuccess: changed });
}

export function useTestHook(owner: HookOwner, id: number) {
  const changed = useChanged(owner);
  return useMutation({
    mutationFn: (trigger: HookEventFlag) => testHook(owner, id, trigger),
    onSettled: changed,
  });
}

export function useResendHookEvent(owner: HookOwner, id: number) {
  const changed = useChanged(owner);
  return useMutation({ mutationFn: (eventId: number) => resendHookEvent(owner, id, eventId), onSettled: changed });
}
