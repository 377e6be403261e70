import { useQuery } from '@tanstack/react-query';
import { fetchFrecentGroups, fetchFrecentProjects } from './frequentApi';

export const frequentKeys = {
  all: ['frequent'] as const,
  projects: (userId: number | null) => [...frequentKeys.all, 'projects', userId] as const,
  groups: (userId: number | null) => [...frequentKeys.all, 'groups', userId] as const,
};

/** The signed-in user's frequently visited projects or groups (not asked for anonymous visitors). */
function useFrecent<T>(
  queryKey: readonly unknown[],
  fetch: (signal: AbortSignal) => Promise<T>,
  userId: number | null | undefined,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    enabled: userId !== null && userId !== undefined,
    staleTime: 60_000,
  });
}

export const useFrecentProjects = (userId: number | null | undefined) =>
  useFrecent(frequentKeys.projects(userId ?? null), fetchFrecentProjects, userId);
export const useFrecentGroups = (userId: number | null | undefined) =>
  useFrecent(frequentKeys.groups(userId ?? null), fetchFrecentGroups, userId);
