import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { issueKeys } from '../issues/queries';
import {
  destroyEscalationPolicy,
  fetchEscalationPolicies,
  fetchIncidentPolicy,
  type PolicyDraft,
  saveEscalationPolicy,
  setIncidentPolicy,
} from './escalationPoliciesApi';

export const escalationKeys = {
  policies: (projectPath: string) => ['escalation-policies', projectPath] as const,
  incident: (projectPath: string, iid: number) => [...issueKeys.detail(projectPath, iid), 'escalation-policy'] as const,
};

export function useEscalationPolicies(projectPath: string, enabled = true) {
  return useQuery({
    queryKey: escalationKeys.policies(projectPath),
    queryFn: ({ signal }) => fetchEscalationPolicies(projectPath, signal),
    enabled,
  });
}

export function useSaveEscalationPolicy(projectPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: PolicyDraft }) =>
      saveEscalationPolicy(projectPath, id, draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: escalationKeys.policies(projectPath) }),
  });
}

export function useDestroyEscalationPolicy(projectPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => destroyEscalationPolicy(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: escalationKeys.policies(projectPath) }),
  });
}

export function useIncidentPolicy(projectPath: string, iid: number) {
  return useQuery({
    queryKey: escalationKeys.incident(projectPath, iid),
    queryFn: ({ signal }) => fetchIncidentPolicy(projectPath, iid, signal),
  });
}

/** Sets (or removes) the incident's policy, then reads the incident and its activity again. */
export function useSetIncidentPolicy(projectPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: string | null) => setIncidentPolicy(projectPath, iid, policyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, iid) }),
  });
}
