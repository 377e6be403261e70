import { expect } from 'vitest';
import type { Database } from '../db/connection';
import { apiClient } from './api-client';
import { type TestAppHandle, useTestApp } from './use-test-app';

/** A filter test file's app, seeded with its world, and GETs as the world's users. */
export interface FilterTestApp<W> {
  t: TestAppHandle<W>;
  get: (url: string, who?: string) => ReturnType<ReturnType<typeof apiClient>>;
  /** Sorted iids of the list at `url`, checking X-Total agrees with the rows. */
  listedIids: (url: string, who: string) => Promise<number[]>;
}

/** `useTestApp` seeded by a filter world builder (`test/*-filter-world.ts`). */
export function useFilterTestApp<W extends { tok: Record<string, string> }>(
  build: (db: Database) => Promise<W>,
): FilterTestApp<W> {
  const t = useTestApp(({ db }) => build(db), { timeout: 60_000 });
  const api = apiClient(
    () => t.app,
    () => t.world.tok,
  );
  const get = (url: string, who?: string) => api('GET', url, who);
  const listedIids = async (url: string, who: string) => {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{ iid: number }>;
    expect(Number(res.headers['x-total'])).toBe(rows.length);
    return rows.map((r) => r.iid).sort((a, b) => a - b);
  };
  return { t, get, listedIids };
}
