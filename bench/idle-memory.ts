/**
 * Idle memory of a started Meridian on the demo data (embedded PGlite, inside the process): starts
 * the server on a fresh data directory (first start seeds the demo data), then, for each way of
 * running it, starts it again, makes one request, lets it sit idle 10 s and reads its resident set
 * size. Build first (`npm run build`): the compiled rows need `apps/server/dist`.
 *   npx tsx bench/idle-memory.ts
 */
import { seedDemoDataDir } from './src/demo-server';
import { idleRssMiB, WAYS_TO_RUN } from './src/idle-rss';

const { dataDir, removeData } = await seedDemoDataDir(3403);
try {
  for (const way of WAYS_TO_RUN) {
    console.log(`idle RSS, ${way.name}: ${await idleRssMiB(dataDir, way, 3403)} MiB`);
  }
} finally {
  removeData();
}
