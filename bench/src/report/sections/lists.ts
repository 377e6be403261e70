import { measureListRequest } from '../../list-request';
import { listScenarios } from '../../list-scenarios';
import { withListServer } from '../list-server';
import type { Metric } from '../metric';
import type { ReportSection } from '../section';

/** The four list requests with median targets, over HTTP. */
export const listsSection: ReportSection = {
  name: 'lists',
  usesDatabase: true,
  run: (env) =>
    withListServer(env, { requests: 50, warmup: 5, maxMs: 20_000, replaySql: false }, async (target) => {
      const metrics: Metric[] = [];
      for (const s of await listScenarios(target.handle, env.groupPath)) {
        const row = await measureListRequest(target, 'list', s.name, 'default', s.path);
        metrics.push({
          id: s.id,
          name: `${s.name}, median (n=${row.samples})`,
          value: row.httpP50,
          unit: 'ms',
          max: s.targetMs,
        });
      }
      return metrics;
    }),
};
