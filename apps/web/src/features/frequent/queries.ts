import { useQuery } from '@tanstack/react-query';
import { fetchFrecentGroups, fetchFrecentProjects } from './frequentApi';

export const frequentKeys = {
  all: ['frequent'] as const,
  projects: (userId: number | null) => [...frequentKeys.all, 'projects', userId] as const,
  groups: (userId: number | null) => [...frequentKeys.all, 'groups', userId] as const,
};

/** The signed-in user's frequently visited projects (not asked for anonymous visitors). */
export function useFrecentProjects(userId: number | null | undefined) {
  return useQuery({
    queryKey: frequentKeys.projects(userId ?? null),
    queryFn: ({ signal }) => fetchFrecentProjects(signal),
    enabled: userId !== null && userId !== undefined,
    staleTime: 60_000,
  });
}

/** The signed-in user's frequently visited groups (not asked for anonymous visitors). */
export function useFrecentGroups(userId: number | null | undefined) {
  return useQuery({
    queryKey: frequentKeys.groups(userId ?? null),
    queryFn: ({ signal }) => fetchFrecentGroups(signal),
    enabled: userId !== null && userId !== undefined,
    staleTime: 60_000,
  });
}
