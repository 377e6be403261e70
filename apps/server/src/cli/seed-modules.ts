import type { Database } from '../db/connection';

/** `seedDemo` from src/seed/seed-demo.ts. */
export type SeedDemo = (db: Database, options: { password: string; log: (line: string) => void }) => Promise<unknown>;
/** `seedLarge` from src/seed/seed-large.ts. */
export type SeedLarge = (
  db: Database,
  options: { epics?: number; issues?: number; log: (line: string) => void },
) => Promise<unknown>;

async function load<T>(specifier: string, name: string): Promise<T> {
  const mod = (await import(specifier)) as Record<string, unknown>;
  const fn = mod[name];
  if (typeof fn !== 'function') throw new Error(`${specifier} does not export ${name}()`);
  return fn as T;
}

/** Loaded lazily: the seeders are large and only `seed` (or a first start) needs them. */
export const loadSeedDemo = () => load<SeedDemo>('../seed/seed-demo', 'seedDemo');
export const loadSeedLarge = () => load<SeedLarge>('../seed/seed-large', 'seedLarge');
