import { benchRoadmapEpics } from '../../roadmap-rf1';
import type { ReportSection } from '../section';

/** RF-1, the roadmap's epics query (first 50, three years, descendant groups), over HTTP. */
export const rf1Section: ReportSection = {
  name: 'rf1',
  usesDatabase: true,
  run: async (env) => {
    const row = await benchRoadmapEpics('postgres', env.databaseUrl, env.port, {
      groupPath: env.groupPath,
      requests: 30,
      warmup: 3,
      maxMs: 60_000,
    });
    console.error(
      `RF-1: p50 ${row.httpP50} ms, p95 ${row.httpP95} ms (raw SQL p50 ${row.sqlP50} ms), n=${row.samples}`,
    );
    return [
      { id: 'rf1.p50', name: `RF-1 roadmap epics, p50 (n=${row.samples})`, value: row.httpP50, unit: 'ms' },
      { id: 'rf1.p95', name: `RF-1 roadmap epics, p95 (n=${row.samples})`, value: row.httpP95, unit: 'ms', max: 35 },
    ];
  },
};
