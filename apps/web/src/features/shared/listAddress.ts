import type { ListKind, ListState } from '@meridian/domain';
import { COUNT_CAP } from '@meridian/domain';

/** Address parameters that pick a page of a list rather than filter it. */
const PAGING_PARAMS = ['page', 'page_after', 'page_before'] as const;

/**
 * Rebuilds a list address the way a submitted search writes it (`scope=all`, then `utf8` if present,
 * then `state`, then the filters), applies `changes` (null removes a key; a changed key keeps its
 * place) and drops the paging parameters: a new state or sort starts again at the first page.
 */
export function listHref(pathname: string, params: URLSearchParams, changes: Record<string, string | null>): string {
  const value = (key: string) => (key in changes ? changes[key] : params.get(key));
  const next = new URLSearchParams();
  next.set('scope', 'all');
  for (const key of ['utf8', 'state']) {
    const v = value(key);
    if (v !== null && v !== undefined) next.set(key, v);
  }
  const done = new Set(['scope', 'utf8', 'state', ...PAGING_PARAMS]);
  for (const [key, v] of params) {
    if (done.has(key)) continue;
    if (key in changes) {
      const changed = changes[key];
      if (changed !== null && changed !== undefined && !next.has(key)) next.set(key, changed);
      continue;
    }
    next.append(key, v);
  }
  for (const [key, v] of Object.entries(changes)) {
    if (v !== null && !done.has(key) && !next.has(key)) next.set(key, v);
  }
  return `${pathname}?${next.toString()}`;
}

/** The href of a state tab: the current filters and sort, that state, first page. */
export function stateHref(pathname: string, params: URLSearchParams, state: ListState): string {
  return listHref(pathname, params, { state });
}

/** The href of a sort choice: the current filters and state, that sort, first page. */
export function sortHref(pathname: string, params: URLSearchParams, sort: string): string {
  return listHref(pathname, params, { sort });
}

/** The same address on another page: `page=<n>` for offset pages, `page_after=<cursor>` for keyset pages. */
export function pageHref(
  pathname: string,
  params: URLSearchParams,
  change: { page: number } | { after: string | null },
): string {
  const next = new URLSearchParams(params);
  for (const key of PAGING_PARAMS) next.delete(key);
  if ('page' in change && change.page > 1) next.set('page', String(change.page));
  if ('after' in change && change.after) next.set('page_after', change.after);
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** A tab count as GitLab shows it: `1,234`, `10,000+` past the cap (X-Total left out), `–` when unknown. */
export function formatCount(count: number | null | undefined, capped: boolean): string {
  if (capped) return `${COUNT_CAP.toLocaleString('en')}+`;
  if (count === null || count === undefined) return '–';
  return count.toLocaleString('en');
}

/**
 * Whether the server can page this list by keyset for the REST `order_by`: epics for every order
 * (their cursor carries the sort value), issues and merge requests only on the NOT NULL
 * created_at / updated_at columns (see `keysetOrders` in their `*-query.ts`).
 */
export function supportsKeyset(list: ListKind, orderBy: string | null): boolean {
  if (list === 'epics') return true;
  return orderBy === null || orderBy === 'created_at' || orderBy === 'updated_at';
}

/** Whether the address carries any filter (anything beyond state, sort, scope, utf8 and paging). */
export function hasFilters(params: URLSearchParams): boolean {
  const ignored = new Set(['scope', 'utf8', 'state', 'sort', ...PAGING_PARAMS]);
  for (const [key, value] of params) {
    if (!ignored.has(key) && value !== '') return true;
  }
  return false;
}
