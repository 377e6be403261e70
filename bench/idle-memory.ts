/**
 * Idle memory of a started Meridian on the demo data (embedded PGlite, inside the process): starts
 * the server on a fresh data directory (first start seeds the demo data), then, for each way of
 * running it, starts it again, makes one request, lets it sit idle 10 s and reads its resident set
 * size. Build first (`npm run build`): the compiled rows need `apps/server/dist`.
 *   npx tsx bench/idle-memory.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './src/server-process';

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

const ways: { name: string; env: Record<string, string>; nodeArgs: string[] }[] = [
  { name: 'TypeScript sources through tsx', env: { MERIDIAN_RUN_SOURCES: '1' }, nodeArgs: [] },
  { name: 'compiled (apps/server/dist)', env: {}, nodeArgs: [] },
  { name: 'compiled, 1 MB V8 semi-space (npm start)', env: {}, nodeArgs: ['--max-semi-space-size=1'] },
];

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-mem-'));
try {
  const first = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'demo' }, 3403);
  await first.stop();
  for (const way of ways) {
    const server = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'none', ...way.env }, 3403, way.nodeArgs);
    await fetch(`${server.url}/api/v4/groups/acme/epics`);
    await new Promise((r) => setTimeout(r, 10_000));
    const pid = server.process.pid;
    if (pid === undefined) throw new Error('no pid');
    console.log(`idle RSS, ${way.name}: ${rssMiB(pid)} MiB`);
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
