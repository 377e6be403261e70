import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  DISCUSSIONS_BULK_PAGE,
  DISCUSSIONS_PER_PAGE,
  type DiscussionPageParam,
  fetchDiscussions,
  issueNoteable,
  type NoteableRef,
} from './notesApi';

const FIRST_PAGE: DiscussionPageParam = { offset: 0, perPage: DISCUSSIONS_PER_PAGE };
const NEVER_BULK = { current: false };

/**
 * The discussions' infinite query: a page of 20 at a time (GitLab's page size). While
 * `bulk.current` is true the next pages hold 100 (once the offset allows it), for when everything
 * up to a far point is wanted at once. Kept apart from the hooks so the issue page can prefetch the
 * first page without loading the activity's chunk.
 */
export function discussionsQuery(ref: NoteableRef, bulk: { readonly current: boolean } = NEVER_BULK) {
  return infiniteQueryOptions({
    queryKey: [...ref.notesKey, 'discussions'],
    queryFn: ({ pageParam, signal }) => fetchDiscussions(ref, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, _pages, param): DiscussionPageParam | undefined => {
      if (last.nextPage === null) return undefined;
      const offset = param.offset + param.perPage;
      const big = bulk.current && offset % DISCUSSIONS_BULK_PAGE === 0;
      return { offset, perPage: big ? DISCUSSIONS_BULK_PAGE : DISCUSSIONS_PER_PAGE };
    },
  });
}

/**
 * Whether pages of 100 are among those loaded. A refetch (after a change) asks for every loaded page
 * again, each one's size from `getNextPageParam`: the bulk flag must stay up while such pages are in,
 * or the refetch would ask for as many pages of 20 in their place and the timeline would lose rows,
 * and the reader their place in it.
 */
export function hasBulkPages(data: { pageParams: readonly unknown[] } | undefined): boolean {
  // The infinite query's result types its page params as unknown; they are this query's own.
  const params = (data?.pageParams ?? []) as readonly DiscussionPageParam[];
  return params.some((param) => param.perPage === DISCUSSIONS_BULK_PAGE);
}

/** Starts loading the first page (a no-op when it is cached): the page calls it beside its own query. */
export function prefetchDiscussions(queryClient: QueryClient, ref: NoteableRef): void {
  void queryClient.prefetchInfiniteQuery(discussionsQuery(ref));
}

/**
 * The issue route's loader starts the first page of the issue's discussions with the issue itself,
 * while the page's chunks load. The keys are the issue page's (`issueKeys` in features/issues/queries.ts).
 */
export function prefetchIssueDiscussions(queryClient: QueryClient, projectPath: string, iid: number): void {
  const detailKey = ['issues', 'detail', projectPath, iid] as const;
  prefetchDiscussions(queryClient, issueNoteable(projectPath, iid, { detailKey, notesKey: [...detailKey, 'notes'] }));
}
