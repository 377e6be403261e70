/**
 * The epic page's child tree on PostgreSQL (issue 13): on the large data set (`meridian seed --scale
 * large`, group `bench`), a 6-level chain of epics is added whose level-5 epic holds 100 direct
 * children (50 child epics, each with 2 issues and a child epic, and 50 issues with labels,
 * assignees, a milestone and weights). Measured in-process (Fastify inject, no HTTP), as the
 * group's Owner with a personal access token:
 *
 * - childItems (IE-34, the web's own document): the first 100 rows with counts and rollups —
 *   median / p95 and SQL statements per request (target p95 ≤ 50 ms);
 * - epicTreeReorder: a child epic moved to the top and back (target p95 ≤ 100 ms).
 *
 *   npx tsx bench/epic-tree.ts --pg postgres://postgres@127.0.0.1:5432/meridian_large [--requests 50]
 *     [--prepared off]   (combined reads unnamed, as with DATABASE_PREPARED_STATEMENTS=off)
 *     [--capture statements.json]   (one childItems request's SQL, to replay with EXPLAIN)
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { connect } from '../apps/server/src/db/connection';
import { describeTiming, openEpicTreeBench, timeEpicTree } from './src/epic-tree-bench';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    group: { type: 'string', default: 'bench' },
    requests: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    /** 'off': the combined reads run unnamed (DATABASE_PREPARED_STATEMENTS=off), for an A/B of the prepared statements. */
    prepared: { type: 'string', default: 'on' },
    /** Write one childItems request's statements (text and parameters) to this JSON file. */
    capture: { type: 'string' },
  },
});
if (!values.pg) usageError('pass --pg postgres://… (the large data set)');
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const groupPath = values.group as string;

const handle = await connect({ url: values.pg, preparedStatements: values.prepared !== 'off' });
const bench = await openEpicTreeBench(handle, groupPath);
console.log(
  `loadavg ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; rows ${await bench.childItems()}`,
);
if (values.capture) {
  const { queries } = await handle.captureQueries(() => bench.childItems());
  writeFileSync(values.capture, JSON.stringify(queries, null, 1));
  console.log(`wrote ${queries.length} statements to ${values.capture}`);
}
const { childItems, reorder } = await timeEpicTree(handle, bench, { requests, warmup });
console.log(describeTiming(childItems));
console.log(describeTiming(reorder));
await bench.close();
await handle.close?.();
