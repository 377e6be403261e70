import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueKeys } from '../issues/queries';
import { discussionsQuery, prefetchIssueDiscussions } from './discussionsQuery';
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
});
