import { safeStorage } from './safeStorage';

/** A newest-first list of what the user picked lately, kept in localStorage under one key. */
export interface RecentItems<T> {
  read(): T[];
  save(item: T): void;
}

/** `isItem` checks what storage holds (it may be stale or edited by hand); `sameAs` finds the older copy of a pick. */
export function recentItems<T>(
  key: string,
  max: number,
  isItem: (value: unknown) => value is T,
  sameAs: (a: T, b: T) => boolean,
): RecentItems<T> {
  const read = (): T[] => {
    const raw = safeStorage.get(key);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isItem).slice(0, max) : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    save: (item) => {
      const rest = read().filter((other) => !sameAs(other, item));
      safeStorage.set(key, JSON.stringify([item, ...rest].slice(0, max)));
    },
  };
}
