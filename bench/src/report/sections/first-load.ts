import { measureFirstLoads } from '../../first-load-pages';
import type { ReportSection } from '../section';

/** First-load JavaScript on the wire of three pages on the demo data, as bench/first-load.ts (one load each: bytes do not vary). */
export const firstLoadSection: ReportSection = {
  name: 'first-load',
  usesDatabase: false,
  run: async (env) =>
    (await measureFirstLoads(env.port)).map((load) => ({
      id: `first-load.${load.name}`,
      name: `first-load JS on the wire, ${load.name} (${load.scripts.length} scripts)`,
      value: load.wireKB,
      unit: 'KB' as const,
      max: load.name === 'issue page' ? 150 : undefined,
    })),
};
