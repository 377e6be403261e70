/**
 * First load in Chromium: the JavaScript a browser with an empty cache downloads before a page is
 * interactive (its heading is on screen), as bytes on the wire (compressed) and decoded, for the
 * issue page, the epics list and the roadmap on the demo data. Target: ≤ 150 KB compressed for the
 * issue page. Build first (`npm run build`).
 *
 *   npx tsx bench/first-load.ts [--detail]   (--detail: every script and its size)
 *   (starts its own server on a fresh embedded database with the demo data, port 3407, or BENCH_PORT)
 */
import { measureFirstLoads } from './src/first-load-pages';

const kb = (n: number) => Math.round(n / 102.4) / 10;

for (const load of await measureFirstLoads(Number(process.env.BENCH_PORT ?? 3407))) {
  if (process.argv.includes('--detail')) {
    for (const s of load.scripts.sort((a, b) => b.wire - a.wire))
      console.log(`  ${String(kb(s.wire)).padStart(6)} KB  ${s.path}`);
  }
  console.log(
    `${load.name.padEnd(12)} ${String(load.scripts.length).padStart(2)} scripts  ${String(load.wireKB).padStart(6)} KB on the wire  ${String(load.decodedKB).padStart(6)} KB decoded`,
  );
}
