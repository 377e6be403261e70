import { describe, expect, it } from 'vitest';
import { settledLoader, whenLoaded } from './settled-loader';

describe('settledLoader', () => {
  const doubling = () => {
    const batches: number[][] = [];
    const loader = settledLoader<number, number>(async (keys) => {
      batches.push([...keys]);
      return keys.map((k) => k * 2);
    });
    return { loader, batches };
  };

  it('answers a key with a promise until it is loaded, then with the value itself', async () => {
    const { loader, batches } = doubling();
    const pending = loader.loadNow(1);
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(2);
    expect(loader.loadNow(1)).toBe(2);
    await loader.loadMany([2, 3]);
    expect([loader.loadNow(2), loader.loadNow(3)]).toEqual([4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('loads a cleared key again rather than answering the remembered value', async () => {
    const { loader, batches } = doubling();
    await loader.load(5);
    loader.clear(5);
    const again = loader.loadNow(5);
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toBe(10);
    await loader.load(6);
    loader.clearAll();
    const reloaded = loader.loadNow(6);
    expect(reloaded).toBeInstanceOf(Promise);
    expect(await reloaded).toBe(12);
    expect(batches).toEqual([[5], [5], [6], [6]]);
  });

  it('remembers falsy values (false, 0, null) as loaded', async () => {
    const loader = settledLoader<number, boolean | null>(async (keys) => keys.map((k) => (k === 0 ? null : false)));
    await loader.loadMany([0, 1]);
    expect(loader.loadNow(0)).toBeNull();
    expect(loader.loadNow(1)).toBe(false);
  });
});

describe('whenLoaded', () => {
  it('maps a value synchronously and a promise asynchronously', async () => {
    expect(whenLoaded(2, (n) => n + 1)).toBe(3);
    const later = whenLoaded(Promise.resolve(2), (n) => n + 1);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(3);
  });
});
