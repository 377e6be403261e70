import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, apiList, apiPath, encodeId } from './api';
import type { Group, Project } from './types';

export function useGroup(fullPath: string, enabled = true) {
  return useQuery({
    enabled: enabled && fullPath !== '',
    queryKey: ['group', fullPath],
    queryFn: ({ signal }) => apiGet<Group>(apiPath(`/groups/${encodeId(fullPath)}`, { with_projects: false }), signal),
    staleTime: 60_000,
  });
}

export function useProject(fullPath: string, enabled = true) {
  return useQuery({
    enabled: enabled && fullPath !== '',
    queryKey: ['project', fullPath],
    queryFn: ({ signal }) => apiGet<Project>(apiPath(`/projects/${encodeId(fullPath)}`), signal),
    staleTime: 60_000,
  });
}

export type ResolvedNamespace = { kind: 'group'; group: Group } | { kind: 'project'; project: Project };

/** `/a/b` may be a subgroup or a project: ask for the project first (GitLab's routing order), then the group. */
export function useNamespace(fullPath: string) {
  return useQuery({
    queryKey: ['namespace', fullPath],
    queryFn: async ({ signal }): Promise<ResolvedNamespace> => {
      if (fullPath.includes('/')) {
        try {
          const project = await apiGet<Project>(apiPath(`/projects/${encodeId(fullPath)}`), signal);
          return { kind: 'project', project };
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 404) throw error;
        }
      }
      const group = await apiGet<Group>(apiPath(`/groups/${encodeId(fullPath)}`, { with_projects: false }), signal);
      return { kind: 'group', group };
    },
    staleTime: 60_000,
  });
}

/** One page of a GitLab list, keyed by its full URL. */
export function useApiList<T>(url: string, enabled = true) {
  return useQuery({
    queryKey: ['list', url],
    queryFn: ({ signal }) => apiList<T>(url, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** X-Total for each state of a list (one `per_page=1` request per state). */
export function useStateCounts(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  states: string[],
  stateParams?: Record<string, string | undefined>,
) {
  return useQuery({
    queryKey: ['counts', path, query, states, stateParams],
    queryFn: async ({ signal }) => {
      const entries = await Promise.all(
        states.map(async (state) => {
          const stateParam = stateParams?.[state] === undefined ? state : stateParams[state];
          const page = await apiList<unknown>(apiPath(path, { ...query, state: stateParam, per_page: 1 }), signal);
          return [state, page.total] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<string, number | null>;
    },
    staleTime: 30_000,
  });
}
