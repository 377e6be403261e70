import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueKeys } from '../issues/queries';
import { discussionsQuery, hasBulkPages, prefetchIssueDiscussions } from './discussionsQuery';
import { issueNoteable } from './notesApi';

describe('discussionsQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the issue route's prefetch fills the very query the issue page's activity reads", () => {
    // This test is about the cache key: the request itself never answers.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchIssueDiscussions(queryClient, 'acme/web', 7);
    const keys = { notesKey: issueKeys.notes('acme/web', 7), detailKey: issueKeys.detail('acme/web', 7) };
    const pageKey = discussionsQuery(issueNoteable('acme/web', 7, keys)).queryKey;
    expect(queryClient.getQueryCache().find({ queryKey: pageKey, exact: true })).toBeDefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    queryClient.clear();
  });

  it('asks for pages of 20, and of 100 while many are wanted once the offset is a multiple of 100', () => {
    const bulk = { current: false };
    const options = discussionsQuery(issueNoteable('acme/web', 7, { notesKey: ['n'], detailKey: ['d'] }), bulk);
    const page = { items: [], total: 500, page: 1, totalPages: 25, nextPage: 2, prevPage: null };
    const next = (offset: number, perPage: number) =>
      options.getNextPageParam(page, [page], { offset, perPage }, [{ offset, perPage }]);
    expect(next(0, 20)).toEqual({ offset: 20, perPage: 20 });
    bulk.current = true;
    expect(next(20, 20)).toEqual({ offset: 40, perPage: 20 });
    expect(next(80, 20)).toEqual({ offset: 100, perPage: 100 });
    expect(next(100, 100)).toEqual({ offset: 200, perPage: 100 });
    expect(options.getNextPageParam({ ...page, nextPage: null }, [page], { offset: 0, perPage: 20 }, [])).toBe(
      undefined,
    );
  });

  it('a refetch after pages of 100 asks for the same pages and keeps every row', async () => {
    // The server's answer to `GET …/discussions?page=&per_page=`: 190 discussions, GitLab's headers.
    const TOTAL = 190;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(input, 'http://meridian.test');
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      asked.push(`${page}/${perPage}`);
      const from = (page - 1) * perPage;
      const items = Array.from({ length: Math.max(0, Math.min(perPage, TOTAL - from)) }, (_, i) => ({
        id: `d${from + i}`,
        notes: [],
      }));
      const last = Math.ceil(TOTAL / perPage);
      return new Response(JSON.stringify(items), {
        headers: {
          'Content-Type': 'application/json',
          'X-Total': String(TOTAL),
          'X-Page': String(page),
          'X-Next-Page': page < last ? String(page + 1) : '',
        },
      });
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const bulk = { current: true };
    const options = discussionsQuery(issueNoteable('acme/web', 7, { notesKey: ['n'], detailKey: ['d'] }), bulk);
    const observed = () => queryClient.getQueryData(options.queryKey);
    const rows = () => observed()?.pages.flatMap((p) => p.items).length;
    // A link to a far note: every page, 100 at a time once the offset allows it.
    await queryClient.fetchInfiniteQuery({ ...options, pages: 6 });
    expect(asked).toEqual(['1/20', '2/20', '3/20', '4/20', '5/20', '2/100']);
    expect(rows()).toBe(TOTAL);
    // The note is found: all are wanted no more, but the pages of 100 keep the flag up.
    bulk.current = hasBulkPages(observed());
    expect(bulk.current).toBe(true);
    asked.length = 0;
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    expect(asked).toEqual(['1/20', '2/20', '3/20', '4/20', '5/20', '2/100']);
    expect(rows()).toBe(TOTAL);
    // Without the flag, the refetch would ask for pages of 20 in their place and lose 70 rows.
    bulk.current = false;
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    expect(rows()).toBe(120);
    queryClient.clear();
  });
});
