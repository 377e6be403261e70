import { toSearchItem } from './to-search-item';
import type { RecentSearch } from './types';

/** GitLab keeps five recent searches per page. */
const MAX_RECENT_SEARCHES = 5;

/**
 * Local-storage key of a page's recent searches, GitLab's `${fullPath}-${page}` (e.g. `acme-epics`).
 * Leading and trailing slashes of the path are dropped so `/acme/` and `acme` share a history.
 */
export function recentSearchesKey(pathname: string, page: string): string {
  return `${pathname.replace(/^\/+|\/+$/g, '')}-${page}`;
}

const sameSearch = (a: RecentSearch, b: RecentSearch): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The history after a search: most recent first, an equal earlier entry removed, at most `max`. */
export function addRecentSearch(list: RecentSearch[], item: RecentSearch, max = MAX_RECENT_SEARCHES): RecentSearch[] {
  const normalised = item.flatMap((i) => toSearchItem(i) ?? []);
  if (normalised.length === 0) return list.slice(0, max);
  return [normalised, ...list.filter((search) => !sameSearch(search, normalised))].slice(0, Math.max(0, max));
}

/**
 * Reads the stored history. Nothing stored is an empty history; anything that is not a JSON array of
 * searches (arrays of well-formed items) is a parse error (RF §8: the page alerts and shows none).
 */
export function parseRecentSearches(raw: string | null): { ok: true; items: RecentSearch[] } | { ok: false } {
  if (raw === null || raw === '') return { ok: true, items: [] };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  if (!Array.isArray(data)) return { ok: false };
  const items: RecentSearch[] = [];
  for (const search of data) {
    if (!Array.isArray(search)) return { ok: false };
    const parsed = search.map(toSearchItem);
    if (!parsed.every((i) => i !== undefined)) return { ok: false };
    items.push(parsed);
  }
  return { ok: true, items };
}
