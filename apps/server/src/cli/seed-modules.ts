import type { Database } from '../db/connection';
import { CliError } from './cli-error';

/** `seedLarge` from src/seed/seed-large.ts (loaded by name: that file may not exist yet in every checkout). */
export type SeedLarge = (
  db: Database,
  options: { epics?: number; issues?: number; log: (line: string) => void },
) => Promise<unknown>;

async function load<T>(specifier: string, name: string): Promise<T> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new CliError(`${name}() is not available in this build (${specifier} is missing).`);
    }
    throw error;
  }
  const fn = mod[name];
  if (typeof fn !== 'function') throw new Error(`${specifier} does not export ${name}()`);
  return fn as T;
}

/** Loaded lazily: the seeders are large and only `seed` (or a first start) needs them. */
export const loadSeedDemo = async () => (await import('../seed/seed-demo')).seedDemo;
export const loadSeedLarge = () => load<SeedLarge>('../seed/seed-large', 'seedLarge');
