import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeVulnerabilityState,
  getVulnerability,
  listVulnerabilities,
  type StateAction,
  type VulnerabilityFilters,
  type VulnerabilityState,
  vulnerabilitySummary,
} from './vulnerabilitiesApi';

export const vulnerabilityKeys = {
  all: ['vulnerabilities'] as const,
  list: (projectPath: string, f: VulnerabilityFilters) => ['vulnerabilities', 'list', projectPath, f] as const,
  summary: (projectPath: string, state: VulnerabilityState[]) =>
    ['vulnerabilities', 'summary', projectPath, state] as const,
  one: (id: number) => ['vulnerabilities', 'one', id] as const,
};

export function useVulnerabilities(projectPath: string, f: VulnerabilityFilters) {
  return useQuery({
    queryKey: vulnerabilityKeys.list(projectPath, f),
    queryFn: ({ signal }) => listVulnerabilities(projectPath, f, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useVulnerabilitySummary(projectPath: string, state: VulnerabilityState[]) {
  return useQuery({
    queryKey: vulnerabilityKeys.summary(projectPath, state),
    queryFn: ({ signal }) => vulnerabilitySummary(projectPath, state, signal),
    retry: false,
  });
}

export function useVulnerability(id: number) {
  return useQuery({
    queryKey: vulnerabilityKeys.one(id),
    queryFn: ({ signal }) => getVulnerability(id, signal),
    retry: false,
  });
}

export function useChangeVulnerabilityState(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: StateAction) => changeVulnerabilityState(id, action),
    onSuccess: () => client.invalidateQueries({ queryKey: vulnerabilityKeys.all }),
  });
}
