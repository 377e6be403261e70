import { connect } from '../../../../apps/server/src/db/connection';
import { describeTiming, openEpicTreeBench, timeEpicTree } from '../../epic-tree-bench';
import type { ReportSection } from '../section';

/** The epic page's child tree (issue 13's targets), in-process as bench/epic-tree.ts. */
export const treeSection: ReportSection = {
  name: 'tree',
  usesDatabase: true,
  run: async (env) => {
    const handle = await connect({ url: env.databaseUrl });
    try {
      const bench = await openEpicTreeBench(handle, env.groupPath);
      try {
        const { childItems, reorder } = await timeEpicTree(handle, bench, { requests: 50, warmup: 5, maxMs: 30_000 });
        console.error(describeTiming(childItems));
        console.error(describeTiming(reorder));
        return [
          {
            id: 'tree.child-items.p95',
            name: `epic tree childItems (100 rows), p95 (n=${childItems.samples})`,
            value: childItems.p95,
            unit: 'ms',
            max: 50,
          },
          {
            id: 'tree.reorder.p95',
            name: `epic tree epicTreeReorder, p95 (n=${reorder.samples})`,
            value: reorder.p95,
            unit: 'ms',
            max: 100,
          },
        ];
      } finally {
        await bench.close();
      }
    } finally {
      await handle.close();
    }
  },
};
