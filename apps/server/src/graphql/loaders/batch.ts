import { type SettledLoader, settledLoader } from './settled-loader';

/** A loader of one row per id: `fetch` runs ONE statement for the whole batch; missing ids give null. */
export function byIdLoader<T extends { id: number }>(
  fetch: (ids: number[]) => Promise<T[]>,
): SettledLoader<number, T | null> {
  return settledLoader<number, T | null>(async (ids) => {
    const rows = await fetch([...new Set(ids)]);
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  });
}

/** A loader of many rows per key (labels of an epic…): ONE statement per batch, `keyOf` groups the rows. */
export function groupedLoader<T>(
  fetch: (keys: number[]) => Promise<T[]>,
  keyOf: (row: T) => number,
): SettledLoader<number, T[]> {
  return settledLoader<number, T[]>(async (keys) => {
    const rows = await fetch([...new Set(keys)]);
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const key = keyOf(row);
      const list = map.get(key);
      if (list) list.push(row);
      else map.set(key, [row]);
    }
    return keys.map((k) => map.get(k) ?? []);
  });
}

/** A loader of one computed value per key, with a default for keys the statement did not return. */
export function valueLoader<V>(
  fetch: (keys: number[]) => Promise<Map<number, V>>,
  fallback: V,
): SettledLoader<number, V> {
  return settledLoader<number, V>(async (keys) => {
    const map = await fetch([...new Set(keys)]);
    return keys.map((k) => map.get(k) ?? fallback);
  });
}
