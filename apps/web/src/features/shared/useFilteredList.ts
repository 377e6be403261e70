import type { ListKind, ListState } from '@meridian/domain';
import { queryToApiParams, resolveListState } from '@meridian/domain';
import { useEffect } from 'react';
import { type QueryScope, useListCounts, useListPage } from '../../lib/queries';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { previousCursor, rememberNextCursor } from './cursorTrail';
import { formatCount, hasFilters, pageHref, stateHref, supportsKeyset } from './listAddress';

export const PER_PAGE = 20;

export interface ListTab {
  state: ListState;
  label: string;
}

export interface TabLink extends ListTab {
  href: string;
  /** `1,234`, `10,000+`, or undefined while loading. */
  count: string | undefined;
}

export interface PageLinks {
  prevHref: string | null;
  nextHref: string | null;
  /** Offset pages only: `Page 2 of 9`. */
  page?: number;
  totalPages?: number | null;
}

function apiUrl(path: string, params: URLSearchParams): string {
  const qs = params.toString();
  return `/api/v4${path}${qs ? `?${qs}` : ''}`;
}

/**
 * A filtered list page driven by its address: the state (RF §4), the REST query for the filters and
 * sort (`queryToApiParams`), keyset pages (`page_after=<cursor>`) where the server supports the order
 * and offset pages (`page=`) otherwise, one count request per state tab, and the tab/page links.
 * `scope` is the feature's list key (`issueKeys.lists()`…).
 */
export function useFilteredList<T>(
  list: ListKind,
  scope: QueryScope,
  path: string,
  tabs: ListTab[],
  defaultStateOn = true,
) {
  const { pathname, params } = useLocationInfo();
  const resolved = resolveListState(params, defaultStateOn);
  const fallback = tabs[0]?.state ?? 'opened';
  const state: ListState = resolved && tabs.some((tab) => tab.state === resolved) ? resolved : fallback;

  const base = queryToApiParams(list, params);
  for (const key of ['state', 'page', 'per_page', 'pagination', 'cursor']) base.delete(key);
  base.set('with_labels_details', 'true');
  const keyset = supportsKeyset(list, base.get('order_by'));
  const cursor = keyset ? params.get('page_after') : null;
  const page = keyset ? 1 : Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const pageParams = new URLSearchParams(base);
  pageParams.set('state', state);
  pageParams.set('per_page', String(PER_PAGE));
  if (keyset) {
    pageParams.set('pagination', 'keyset');
    if (cursor) pageParams.set('cursor', cursor);
  } else if (page > 1) {
    pageParams.set('page', String(page));
  }
  const result = useListPage<T>(scope, apiUrl(path, pageParams));

  const countUrls: Record<string, string> = {};
  for (const tab of tabs) {
    const countParams = new URLSearchParams(base);
    countParams.set('state', tab.state);
    countParams.set('per_page', '1');
    countParams.delete('with_labels_details');
    countUrls[tab.state] = apiUrl(path, countParams);
  }
  const counts = useListCounts(scope, countUrls);

  // The trail of cursors is kept per filters + state + sort: the address without its paging keys.
  const trailParams = new URLSearchParams(params);
  for (const key of ['page', 'page_after', 'page_before']) trailParams.delete(key);
  trailParams.set('state', state);
  const trailKey = `${pathname}?${trailParams.toString()}`;
  // While the next page loads, `data` is still the previous page's (placeholder): not this address's.
  const current = result.isPlaceholderData ? undefined : result.data;
  const nextCursor = current?.nextCursor ?? null;
  useEffect(() => {
    if (keyset && nextCursor) rememberNextCursor(trailKey, cursor, nextCursor);
  }, [keyset, nextCursor, trailKey, cursor]);

  let pages: PageLinks;
  if (keyset) {
    const before = previousCursor(trailKey, cursor);
    pages = {
      prevHref: cursor ? pageHref(pathname, params, { after: before || null }) : null,
      nextHref: nextCursor ? pageHref(pathname, params, { after: nextCursor }) : null,
    };
  } else {
    const data = current;
    pages = {
      prevHref: data?.prevPage ? pageHref(pathname, params, { page: data.prevPage }) : null,
      nextHref: data?.nextPage ? pageHref(pathname, params, { page: data.nextPage }) : null,
      page,
      totalPages: data?.totalPages ?? null,
    };
  }

  const tabLinks: TabLink[] = tabs.map((tab) => {
    const count = counts.data?.[tab.state];
    return {
      ...tab,
      href: stateHref(pathname, params, tab.state),
      count: count ? formatCount(count.count, count.capped) : counts.isError ? '–' : undefined,
    };
  });

  // The list's filters, sort and state in the API's names, without paging: what an export of it takes.
  const listParams = new URLSearchParams(base);
  listParams.delete('with_labels_details');
  listParams.set('state', state);

  return { state, result, tabLinks, pages, filtered: hasFilters(params), listParams };
}
