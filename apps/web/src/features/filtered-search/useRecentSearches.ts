import { addRecentSearch, parseRecentSearches, type RecentSearch } from '@meridian/domain';
import { useCallback, useState } from 'react';
import { safeStorage } from '../../lib/safeStorage';

export type RecentSearchesState =
  | { status: 'ok'; items: RecentSearch[] }
  | { status: 'unavailable'; items: [] }
  | { status: 'parse-error'; items: [] };

function read(key: string): RecentSearchesState {
  if (!safeStorage.available()) return { status: 'unavailable', items: [] };
  const parsed = parseRecentSearches(safeStorage.get(key));
  return parsed.ok ? { status: 'ok', items: parsed.items } : { status: 'parse-error', items: [] };
}

/** The recent searches stored under `key`, re-read whenever the history dropdown opens. */
export function useRecentSearches(key: string) {
  const [state, setState] = useState<RecentSearchesState>(() => read(key));
  const reload = useCallback(() => setState(read(key)), [key]);
  const add = useCallback(
    (search: RecentSearch) => {
      if (search.length === 0) return;
      const current = read(key);
      // A broken stored list is replaced by the new search rather than kept broken.
      const next = addRecentSearch(current.items, search);
      safeStorage.set(key, JSON.stringify(next));
      setState(read(key));
    },
    [key],
  );
  const clear = useCallback(() => {
    safeStorage.set(key, JSON.stringify([]));
    setState(read(key));
  }, [key]);
  return { state, reload, add, clear };
}
