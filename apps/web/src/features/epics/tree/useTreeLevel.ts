import { sortTreeChildren } from '@meridian/domain';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { epicKeys } from '../queries';
import { fetchTreePage, type TreeItem, type TreePage } from './treeApi';

/** Where a level of the tree sits: the page's epic (the root) and the epic whose children it lists. */
export interface TreeLevelRef {
  rootGroupPath: string;
  rootIid: number;
  groupPath: string;
  iid: string;
}

export function treeLevelKey(level: TreeLevelRef) {
  const root = epicKeys.tree(level.rootGroupPath, level.rootIid);
  const isRoot = level.groupPath === level.rootGroupPath && level.iid === String(level.rootIid);
  return isRoot ? root : ([...root, 'level', level.groupPath, level.iid] as const);
}

type Cursors = { epicEndCursor: string | null; issueEndCursor: string | null };

/**
 * One level of the child tree: pages of 100 epics and 100 issues ('Show more' fetches the next of
 * both), merged and ordered by relativePosition then open before closed.
 */
export function useTreeLevel(level: TreeLevelRef, enabled = true) {
  const query = useInfiniteQuery<TreePage, Error, InfiniteData<TreePage, Cursors>, readonly unknown[], Cursors>({
    queryKey: treeLevelKey(level),
    enabled,
    initialPageParam: { epicEndCursor: null, issueEndCursor: null },
    queryFn: ({ pageParam, signal }) => fetchTreePage(level.groupPath, level.iid, pageParam, signal),
    getNextPageParam: (last) =>
      last.hasMoreEpics || last.hasMoreIssues
        ? { epicEndCursor: last.epicEndCursor, issueEndCursor: last.issueEndCursor }
        : undefined,
  });
  const pages = query.data?.pages;
  const items = useMemo<TreeItem[]>(() => {
    if (!pages) return [];
    const seen = new Set<string>();
    const all = pages.flatMap((p) => p.items).filter((i) => !seen.has(i.id) && seen.add(i.id));
    return sortTreeChildren(all);
  }, [pages]);
  return { query, items, parent: pages?.[0]?.parent ?? null };
}
