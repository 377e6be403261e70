import { filterCasePath, filterCases } from '../../filter-cases';
import { measureListRequest } from '../../list-request';
import { withListServer } from '../list-server';
import type { Metric } from '../metric';
import type { ReportSection } from '../section';

/** Every filter case of bench/filter-bench.ts (first page of 20, default order): HTTP p95. */
export const filtersSection: ReportSection = {
  name: 'filters',
  usesDatabase: true,
  run: (env) =>
    withListServer(env, { requests: 20, warmup: 2, maxMs: 8_000, replaySql: false }, async (target, context) => {
      const metrics: Metric[] = [];
      for (const c of filterCases(context)) {
        const row = await measureListRequest(target, c.list, c.name, 'default', filterCasePath(c, context));
        metrics.push({
          id: `filter.${c.list}.${c.name}`,
          name: `filter p95: ${c.list} · ${c.name}`,
          value: row.httpP95,
          unit: 'ms',
          max: 80,
        });
      }
      return metrics;
    }),
};
