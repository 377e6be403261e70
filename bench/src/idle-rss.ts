/** Idle resident set size of a started Meridian on the embedded database (bench/idle-memory.ts, the report). */
import { readFileSync } from 'node:fs';
import { startServer } from './server-process';

export interface WayToRun {
  name: string;
  env: Record<string, string>;
  nodeArgs: string[];
}

/**
 * How `npm start` runs the server (package.json): compiled, with a 1 MB V8 semi-space and one V8
 * worker thread (each worker's malloc arena kept ~10 MiB of WebAssembly compilation memory).
 */
export const NPM_START: WayToRun = {
  name: 'compiled, 1 MB V8 semi-space, one V8 worker thread (npm start)',
  env: {},
  nodeArgs: ['--max-semi-space-size=1', '--v8-pool-size=1'],
};

export const WAYS_TO_RUN: WayToRun[] = [
  { name: 'TypeScript sources through tsx', env: { MERIDIAN_RUN_SOURCES: '1' }, nodeArgs: [] },
  { name: 'compiled (apps/server/dist)', env: {}, nodeArgs: [] },
  NPM_START,
];

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/**
 * Starts the server on `dataDir` (already seeded) the given way, makes one request, lets it sit
 * idle `idleMs` and answers its RSS in MiB.
 */
export async function idleRssMiB(dataDir: string, way: WayToRun, port: number, idleMs = 10_000): Promise<number> {
  const server = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'none', ...way.env }, port, way.nodeArgs);
  try {
    await fetch(`${server.url}/api/v4/groups/acme/epics`);
    await new Promise((r) => setTimeout(r, idleMs));
    const pid = server.process.pid;
    if (pid === undefined) throw new Error('no pid');
    return rssMiB(pid);
  } finally {
    await server.stop();
  }
}
