import DataLoader from 'dataloader';

/**
 * A DataLoader that also answers the keys it has already loaded synchronously (`loadNow`). A field
 * resolver that returns a plain value spares GraphQL a promise, its `then` and a pending parent
 * object per field: on a list of thousands of rows whose loaders were filled beforehand (see
 * `preloadEpicFields`) that is most of the cost of presenting them.
 */
export type SettledLoader<K, V> = DataLoader<K, V> & {
  /** The value already loaded for `key`, else `load(key)`. */
  loadNow(key: K): V | Promise<V>;
};

/** A loader over `batch` (one value per key, in order) that remembers the values it settled. */
export function settledLoader<K, V>(batch: (keys: readonly K[]) => Promise<V[]>): SettledLoader<K, V> {
  const settled = new Map<K, V>();
  const loader = new DataLoader<K, V>(async (keys) => {
    const values = await batch(keys);
    keys.forEach((key, i) => {
      settled.set(key, values[i] as V);
    });
    return values;
  });
  // A cleared key is loaded again: its remembered value must not outlive the loader's own cache.
  const clear = loader.clear.bind(loader);
  const clearAll = loader.clearAll.bind(loader);
  return Object.assign(loader, {
    loadNow: (key: K) => (settled.has(key) ? (settled.get(key) as V) : loader.load(key)),
    clear: (key: K) => {
      settled.delete(key);
      return clear(key);
    },
    clearAll: () => {
      settled.clear();
      return clearAll();
    },
  });
}

/** `f` of a value that may still be loading: synchronous when it is not. */
export function whenLoaded<T, R>(value: T | Promise<T>, f: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}
