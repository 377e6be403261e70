/**
 * Idle memory of a started Meridian on the demo data (embedded PGlite): starts the server on a
 * fresh data directory (first start seeds the demo data), restarts it (a normal start), lets it sit
 * idle, then reads its resident set size.   npx tsx bench/idle-memory.ts
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

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-mem-'));
try {
  const first = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'demo' }, 3403);
  await first.stop();
  const server = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'none' }, 3403);
  await fetch(`${server.url}/api/v4/groups/acme/epics`);
  await new Promise((r) => setTimeout(r, 10_000));
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('no pid');
  console.log(`idle RSS after start on demo data (PGlite): ${rssMiB(pid)} MiB`);
  await server.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
