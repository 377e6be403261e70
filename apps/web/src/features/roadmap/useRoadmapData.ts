import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiGet, encodeId } from '../../lib/api';
import { configKeys } from '../../lib/queries';
import { roadmapKeys } from './queries';
import {
  type EpicsPageResult,
  fetchAllEpicChildren,
  fetchEpicChildren,
  fetchGroupEpicCount,
  fetchGroupEpics,
  fetchGroupEpicWindow,
  fetchMilestones,
  ROADMAP_PAGE_SIZE,
  ROADMAP_WINDOW_SIZE,
  type RoadmapEpic,
  type RoadmapVariables,
} from './roadmapApi';
import type { ChildrenState } from './roadmapRows';
import { joinWindows, planWindows } from './roadmapWindows';

export interface RoadmapConfig {
  firstDayOfWeek: unknown;
  epicsLimit: number;
}

const DEFAULT_LIMIT = 1000;

/** `GET /-/config.json` → `{first_day_of_week, roadmap_epics_limit}`; defaults 0 and 1000 when absent. */
export function useRoadmapConfig() {
  return useQuery({
    queryKey: configKeys.roadmap(),
    queryFn: async ({ signal }): Promise<RoadmapConfig> => {
      try {
        const data = await apiGet<{ first_day_of_week?: unknown; roadmap_epics_limit?: unknown }>(
          '/-/config.json',
          signal,
        );
        const limit = Number(data?.roadmap_epics_limit);
        return {
          firstDayOfWeek: data?.first_day_of_week ?? 0,
          epicsLimit: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_LIMIT,
        };
      } catch (error) {
        if (error instanceof DOMException) throw error;
        return { firstDayOfWeek: 0, epicsLimit: DEFAULT_LIMIT };
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** RF-1 (or RF-2 with an epic iid): pages of 50, the next one on request. */
export function useRoadmapEpics(
  fullPath: string,
  epicIid: number | null,
  variables: RoadmapVariables,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: roadmapKeys.epics(fullPath, epicIid, variables),
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<EpicsPageResult> => {
      const vars = { ...variables, first: ROADMAP_PAGE_SIZE, after: pageParam };
      return epicIid === null
        ? fetchGroupEpics(fullPath, vars, signal)
        : fetchEpicChildren(fullPath, epicIid, vars, signal);
    },
    getNextPageParam: (last) => (last.pageInfo.hasNextPage && last.pageInfo.endCursor ? last.pageInfo.endCursor : null),
    staleTime: 30_000,
  });
}

const windowData = (results: { data?: RoadmapEpic[] }[]) => results.map((result) => result.data);

export interface RoadmapWindows {
  /** The first page followed by the windows that have arrived without a gap; null without windows. */
  epics: RoadmapEpic[] | null;
  /** Every window has arrived. */
  complete: boolean;
  /** How many epics match (capped by the server); undefined until counted. */
  total: number | undefined;
  /** The server has no `roadmapEpics` (or a window failed): the page goes on page by page instead. */
  failed: boolean;
}

/**
 * The group roadmap beyond RF-1's first page: the count of matching epics (asked alongside the first
 * page), then every window of 1,000 up to the instance's limit at once, so thousands of epics are
 * loaded and reachable in a few requests rather than a page of 50 per scroll.
 */
export function useRoadmapWindows(
  fullPath: string,
  variables: RoadmapVariables,
  firstPage: EpicsPageResult | undefined,
  limit: number,
  enabled: boolean,
): RoadmapWindows {
  const count = useQuery({
    queryKey: roadmapKeys.count(fullPath, variables),
    queryFn: ({ signal }) => fetchGroupEpicCount(fullPath, variables, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  // Planned from the count alone (the first page is RF-1's page size when more follow), so the windows
  // leave as soon as the count is in, without waiting for the first page as well.
  const windows =
    enabled && count.data !== undefined ? planWindows(ROADMAP_PAGE_SIZE, count.data, limit, ROADMAP_WINDOW_SIZE) : [];
  const more = windows.length > 0 || (enabled && !!firstPage?.pageInfo.hasNextPage);
  const { data: arrived, failed: windowFailed } = useQueries({
    queries: windows.map((window) => ({
      queryKey: roadmapKeys.window(fullPath, variables, window.offset, window.limit),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchGroupEpicWindow(fullPath, variables, window, signal),
      staleTime: 30_000,
      retry: false,
    })),
    combine: combineWindows,
  });
  const joined = useMemo(
    () => (firstPage && more ? joinWindows(firstPage.nodes, arrived) : null),
    [firstPage, more, arrived],
  );
  return {
    epics: joined?.epics ?? null,
    // Until the count is in, the windows are not even planned.
    complete: joined ? joined.complete && count.data !== undefined : true,
    total: count.data,
    failed: count.isError || windowFailed,
  };
}

function combineWindows(results: { data?: RoadmapEpic[]; isError: boolean }[]) {
  return { data: windowData(results), failed: results.some((result) => result.isError) };
}

/** RF-2 for every expanded epic (fetched on first expand, then cached). */
export function useExpandedChildren(
  expanded: RoadmapEpic[],
  variables: RoadmapVariables,
): (id: string) => ChildrenState {
  const results = useQueries({
    queries: expanded.map((epic) => ({
      queryKey: roadmapKeys.children(epic.group.fullPath, epic.iid, variables),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchAllEpicChildren(epic.group.fullPath, epic.iid, variables, signal),
      staleTime: 30_000,
    })),
  });
  const byId = new Map<string, ChildrenState>();
  expanded.forEach((epic, i) => {
    const result = results[i];
    if (!result) return;
    byId.set(
      epic.id,
      result.isPending
        ? { status: 'loading' }
        : result.isError
          ? { status: 'error' }
          : { status: 'loaded', children: result.data },
    );
  });
  return (id) => byId.get(id);
}

export function useRoadmapMilestones(fullPath: string, timeframe: { start: string; end: string }, enabled: boolean) {
  return useQuery({
    queryKey: roadmapKeys.milestones(fullPath, timeframe),
    queryFn: ({ signal }) => fetchMilestones(fullPath, timeframe, signal),
    enabled,
    staleTime: 60_000,
  });
}

interface RelatedEpic {
  id: number;
  link_type?: string;
}

/**
 * Blockers of epics whose answer lacks `blockedByEpics` (server without the field): read from REST
 * `related_epics` (`link_type: is_blocked_by`) for the blocked ones among the given epics.
 */
export function useRestBlockers(epics: RoadmapEpic[], enabled: boolean): Map<string, string[]> {
  const targets = enabled
    ? epics.filter((epic) => epic.blocked && epic.blockedByEpics === undefined).slice(0, 200)
    : [];
  const results = useQueries({
    queries: targets.map((epic) => ({
      queryKey: roadmapKeys.blockers(epic.group.fullPath, epic.iid),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const related = await apiGet<RelatedEpic[]>(
          `/api/v4/groups/${encodeId(epic.group.fullPath)}/epics/${epic.iid}/related_epics`,
          signal,
        );
        return related.filter((r) => r.link_type === 'is_blocked_by').map((r) => `gid://gitlab/Epic/${r.id}`);
      },
      staleTime: 60_000,
    })),
  });
  const map = new Map<string, string[]>();
  targets.forEach((epic, i) => {
    const data = results[i]?.data;
    if (data) map.set(epic.id, data);
  });
  return map;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
