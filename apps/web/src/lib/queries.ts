import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, apiList, apiPath, encodeId, type Page, request } from './api';
import type { Group, Project } from './types';

/**
 * Query keys start with their feature's scope (`['epics', 'list']`), from that feature's `queries.ts`,
 * so a write invalidates exactly its feature: `invalidateQueries({ queryKey: epicKeys.all })`. The list
 * hooks below append their own inputs (URL, states) to the scope they are given.
 */
export type QueryScope = readonly unknown[];

/** Groups, projects and the namespace a path names. */
export const namespaceKeys = {
  all: ['namespaces'] as const,
  group: (fullPath: string) => ['namespaces', 'group', fullPath] as const,
  project: (fullPath: string) => ['namespaces', 'project', fullPath] as const,
  resolve: (fullPath: string) => ['namespaces', 'resolve', fullPath] as const,
  lists: () => ['namespaces', 'list'] as const,
};

/** `GET /-/config.json`, read by the sign-in page and the roadmap, changed by the admin settings. */
export const configKeys = {
  all: ['config'] as const,
  client: () => ['config', 'client'] as const,
  roadmap: () => ['config', 'roadmap'] as const,
};

export function useGroup(fullPath: string, enabled = true) {
  return useQuery({
    enabled: enabled && fullPath !== '',
    queryKey: namespaceKeys.group(fullPath),
    queryFn: ({ signal }) => apiGet<Group>(apiPath(`/groups/${encodeId(fullPath)}`, { with_projects: false }), signal),
    staleTime: 60_000,
  });
}

export function useProject(fullPath: string, enabled = true) {
  return useQuery({
    enabled: enabled && fullPath !== '',
    queryKey: namespaceKeys.project(fullPath),
    queryFn: ({ signal }) => apiGet<Project>(apiPath(`/projects/${encodeId(fullPath)}`), signal),
    staleTime: 60_000,
  });
}

export type ResolvedNamespace = { kind: 'group'; group: Group } | { kind: 'project'; project: Project };

/** `/a/b` may be a subgroup or a project: ask for the project first (GitLab's routing order), then the group. */
export function useNamespace(fullPath: string) {
  return useQuery({
    queryKey: namespaceKeys.resolve(fullPath),
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

/** One page of a GitLab list, keyed by its scope and full URL. */
export function useApiList<T>(scope: QueryScope, url: string, enabled = true) {
  return useQuery({
    queryKey: [...scope, 'page', url],
    queryFn: ({ signal }) => apiList<T>(url, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** X-Total for each state of a list (one `per_page=1` request per state). */
export function useStateCounts(
  scope: QueryScope,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  states: string[],
  stateParams?: Record<string, string | undefined>,
) {
  return useQuery({
    queryKey: [...scope, 'counts', path, query, states, stateParams],
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

/** A page of a list that may be keyset-paginated: offset headers when sent, and the Link rel="next" cursor. */
export interface ListPageResult<T> extends Page<T> {
  /** The `cursor` of the Link rel="next" URL (keyset pagination), or null on the last page. */
  nextCursor: string | null;
}

function nextCursorFromLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part);
    if (!match?.[1]) continue;
    try {
      return new URL(match[1], 'http://localhost').searchParams.get('cursor');
    } catch {
      return null;
    }
  }
  return null;
}

/** One page of a GitLab list (offset or keyset), keyed by its scope and full URL. */
export function useListPage<T>(scope: QueryScope, url: string) {
  return useQuery({
    queryKey: [...scope, 'page-with-cursor', url],
    queryFn: async ({ signal }): Promise<ListPageResult<T>> => {
      const { data, headers } = await request<T[]>(url, { signal });
      const number = (name: string) => {
        const value = Number.parseInt(headers.get(name) ?? '', 10);
        return Number.isFinite(value) ? value : null;
      };
      return {
        items: Array.isArray(data) ? data : [],
        total: number('X-Total'),
        page: number('X-Page') ?? 1,
        totalPages: number('X-Total-Pages'),
        nextPage: number('X-Next-Page'),
        prevPage: number('X-Prev-Page'),
        nextCursor: nextCursorFromLink(headers.get('Link')),
      };
    },
    placeholderData: (previous) => previous,
  });
}

/**
 * X-Total of one list URL per state (`per_page=1` each). A missing X-Total means more than the
 * server's 10,000 cap: `capped` is then true.
 */
export function useListCounts(scope: QueryScope, urls: Record<string, string>) {
  return useQuery({
    queryKey: [...scope, 'counts', urls],
    queryFn: async ({ signal }) => {
      const entries = await Promise.all(
        Object.entries(urls).map(async ([state, url]) => {
          const { headers } = await request<unknown>(url, { signal });
          const total = Number.parseInt(headers.get('X-Total') ?? '', 10);
          return [
            state,
            Number.isFinite(total) ? { count: total, capped: false } : { count: null, capped: true },
          ] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<string, { count: number | null; capped: boolean }>;
    },
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}
