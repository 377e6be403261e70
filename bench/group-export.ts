/**
 * Group export memory (issue 32): the exporter reads every kind in keyset batches into temporary
 * files, so its memory must not grow with the group. Seeds the large data set (`seedLarge`, no merge
 * requests) at two sizes into two fresh PostgreSQL databases, exports the `bench` group of each to a
 * tar.gz with `writeGroupArchive`, sampling the process's live JS heap (after a full collection) and
 * RSS every 500 ms, and prints per size: records, archive size, time, and the peak live heap and RSS
 * above the level before the export. Bounded means the peaks stay flat while the records grow ~10×.
 *
 *   node --expose-gc --import tsx bench/group-export.ts [--small 10000 --large 100000] [--url postgres://postgres@127.0.0.1:5432/postgres]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { openGroupArchive, writeGroupArchive } from '../apps/server/src/modules/group-transfer';
import { findGroupRow } from '../apps/server/src/modules/namespaces';
import { seedLarge } from '../apps/server/src/seed/seed-large';
import { withScratchDatabase } from './src/scratch-database';

const { values: args } = parseArgs({
  options: {
    small: { type: 'string', default: '10000' },
    large: { type: 'string', default: '100000' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const MiB = 1024 * 1024;

interface Figures {
  issues: number;
  records: number;
  archiveMiB: number;
  seconds: number;
  peakHeapMiB: number;
  peakRssMiB: number;
}

async function measure(issues: number): Promise<Figures> {
  return withScratchDatabase(args.url, `meridian_bench_group_export_${issues}`, async (url) => {
    const database = await connect({ url, poolSize: 2 });
    try {
      await migrate(database.db);
      const seeded = Date.now();
      await seedLarge(database.db, { issues, epics: Math.round(issues / 10), mergeRequests: 0, progressBar: false });
      console.error(`seeded ${issues} issues in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
      const group = await findGroupRow(database.db, { fullPath: 'bench' });
      if (!group) throw new Error('no bench group');
      const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-export-'));
      const path = join(dir, 'bench.tar.gz');
      (globalThis as { gc?: () => void }).gc?.();
      const base = process.memoryUsage();
      let peakHeap = base.heapUsed;
      let peakRss = base.rss;
      // A full collection before each sample (node --expose-gc): the heap that is live, not the
      // garbage V8 has not collected yet, which grows with the work done, not with what is held.
      const gc = (globalThis as { gc?: () => void }).gc;
      const sampler = setInterval(() => {
        gc?.();
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }, 500);
      const started = Date.now();
      const manifest = await writeGroupArchive(
        { db: database.db, groupId: group.id, sourceUrl: 'http://bench', meridianVersion: 'bench' },
        path,
      );
      const seconds = (Date.now() - started) / 1000;
      clearInterval(sampler);
      await openGroupArchive(path); // the archive reads back whole
      const figures = {
        issues,
        records: Object.values(manifest.files).reduce((sum, f) => sum + f.count, 0),
        archiveMiB: statSync(path).size / MiB,
        seconds,
        peakHeapMiB: (peakHeap - base.heapUsed) / MiB,
        peakRssMiB: (peakRss - base.rss) / MiB,
      };
      rmSync(dir, { recursive: true, force: true });
      return figures;
    } finally {
      await database.close();
    }
  });
}

const rows: Figures[] = [];
for (const size of [Number(args.small), Number(args.large)]) rows.push(await measure(size));
console.log('| issues | records | archive | export time | peak live heap above start | peak RSS above start |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.issues.toLocaleString('en')} | ${r.records.toLocaleString('en')} | ${r.archiveMiB.toFixed(1)} MiB | ${r.seconds.toFixed(1)} s | ${r.peakHeapMiB.toFixed(1)} MiB | ${r.peakRssMiB.toFixed(1)} MiB |`,
  );
}
