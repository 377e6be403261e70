import DataLoader from 'dataloader';
import type { SubListCountKey, SubListPageKey, Tagged } from '../../db/keyed-pages';

/** Splits keys by their filters, so that keys sharing filters go to one statement. */
function byFilters<K extends { filters: unknown }>(keys: readonly K[]): K[][] {
  const groups = new Map<string, K[]>();
  for (const key of keys) {
    const id = JSON.stringify(key.filters);
    const group = groups.get(id);
    if (group) group.push(key);
    else groups.set(id, [key]);
  }
  return [...groups.values()];
}

/**
 * Pages of per-parent sub-lists: every key of a batch that shares its filters is answered by ONE
 * statement (`fetch` gets those keys and tags each row with its key's index), so a level of a
 * GraphQL query costs one statement whatever the number of parents.
 */
export function subListPageLoader<F, T>(
  fetch: (keys: SubListPageKey<F>[]) => Promise<Tagged<T>[]>,
): DataLoader<SubListPageKey<F>, T[], string> {
  return new DataLoader<SubListPageKey<F>, T[], string>(
    async (keys) => {
      const answers = new Map<SubListPageKey<F>, T[]>(keys.map((k) => [k, []]));
      for (const group of byFilters(keys)) {
        for (const { batch_key, ...row } of await fetch(group)) {
          const key = group[batch_key];
          if (key) answers.get(key)?.push(row as T);
        }
      }
      return keys.map((k) => answers.get(k) ?? []);
    },
    { cacheKeyFn: (key) => JSON.stringify(key) },
  );
}

/** Capped counts of per-parent sub-lists: one statement per distinct filters, like subListPageLoader. */
export function subListCountLoader<F>(
  fetch: (keys: SubListCountKey<F>[]) => Promise<Tagged<{ total: number }>[]>,
): DataLoader<SubListCountKey<F>, number, string> {
  return new DataLoader<SubListCountKey<F>, number, string>(
    async (keys) => {
      const answers = new Map<SubListCountKey<F>, number>();
      for (const group of byFilters(keys)) {
        for (const row of await fetch(group)) {
          const key = group[row.batch_key];
          if (key) answers.set(key, row.total);
        }
      }
      return keys.map((k) => answers.get(k) ?? 0);
    },
    { cacheKeyFn: (key) => JSON.stringify(key) },
  );
}
