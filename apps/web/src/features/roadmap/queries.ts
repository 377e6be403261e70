import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { encodeId, request } from '../../lib/api';
import type { EpicsPageResult, RoadmapEpic, RoadmapVariables } from './roadmapApi';

/** Everything the roadmap caches, under `['roadmap']`. */
export const roadmapKeys = {
  all: ['roadmap'] as const,
  /** The top-level list and every children list: what a date change patches. */
  epicLists: () => ['roadmap', 'epic-lists'] as const,
  epics: (fullPath: string, epicIid: number | null, variables: RoadmapVariables) =>
    ['roadmap', 'epic-lists', 'top', fullPath, epicIid, variables] as const,
  /** A window of the group roadmap (Meridian's `roadmapEpics`): an array, patched like the pages. */
  window: (fullPath: string, variables: RoadmapVariables, offset: number, limit: number) =>
    ['roadmap', 'epic-lists', 'window', fullPath, variables, offset, limit] as const,
  count: (fullPath: string, variables: RoadmapVariables) => ['roadmap', 'count', fullPath, variables] as const,
  children: (groupPath: string, iid: string, variables: RoadmapVariables) =>
    ['roadmap', 'epic-lists', 'children', groupPath, iid, variables] as const,
  milestones: (fullPath: string, timeframe: { start: string; end: string }) =>
    ['roadmap', 'milestones', fullPath, timeframe] as const,
  blockers: (groupPath: string, iid: string) => ['roadmap', 'blockers', groupPath, iid] as const,
};

export interface EpicDates {
  startDate: string;
  dueDate: string;
}

/** Saves fixed start and due dates of an epic (REST). */
export async function saveEpicDates(epic: RoadmapEpic, dates: EpicDates): Promise<void> {
  await request(`/api/v4/groups/${encodeId(epic.group.fullPath)}/epics/${epic.iid}`, {
    method: 'PUT',
    body: {
      start_date_is_fixed: true,
      start_date_fixed: dates.startDate,
      due_date_is_fixed: true,
      due_date_fixed: dates.dueDate,
    },
  });
}

function patchNodes(nodes: RoadmapEpic[], id: string, dates: EpicDates): RoadmapEpic[] {
  return nodes.some((n) => n.id === id) ? nodes.map((n) => (n.id === id ? { ...n, ...dates } : n)) : nodes;
}

/** Writes new dates into every cached roadmap list holding the epic; returns an undo. */
export function patchEpicDatesInCache(client: QueryClient, id: string, dates: EpicDates): () => void {
  const snapshot = client.getQueriesData({ queryKey: roadmapKeys.epicLists() });
  client.setQueriesData({ queryKey: roadmapKeys.epicLists() }, (old: unknown) => {
    if (Array.isArray(old)) return patchNodes(old as RoadmapEpic[], id, dates);
    if (old && typeof old === 'object' && 'pages' in old) {
      const data = old as { pages: EpicsPageResult[]; pageParams: unknown[] };
      return { ...data, pages: data.pages.map((page) => ({ ...page, nodes: patchNodes(page.nodes, id, dates) })) };
    }
    return old;
  });
  return () => {
    for (const [key, data] of snapshot) client.setQueryData(key, data);
  };
}

/**
 * An optimistic write, the pattern for the others: `onMutate` cancels the lists in flight (they would
 * overwrite the change with the old values), patches the cache and returns the undo `onError` runs.
 * No refetch after: the patched lists are what the server now answers.
 */
export function useSaveEpicDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ epic, dates }: { epic: RoadmapEpic; dates: EpicDates }) => saveEpicDates(epic, dates),
    onMutate: async ({ epic, dates }) => {
      await queryClient.cancelQueries({ queryKey: roadmapKeys.epicLists() });
      return { undo: patchEpicDatesInCache(queryClient, epic.id, dates) };
    },
    onError: (_error, _variables, context) => context?.undo(),
  });
}
