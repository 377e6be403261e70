import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../db/data-dir-lock';
import { type MeridianRun, spawnMeridian } from '../test/server-process';

const RESTARTS = 20;

type Run = MeridianRun;

function run(args: string[], env: Record<string, string>): Run {
  return spawnMeridian(args, { MERIDIAN_SEED: 'none', LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', ...env });
}

/** Resolves with the server's address once it prints that it is running. */
async function started(server: Run): Promise<string> {
  for (;;) {
    const url = /Meridian is running at (http:\/\/\S+)/.exec(server.output())?.[1];
    if (url) return url.replace('localhost', '127.0.0.1');
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}: ${server.output()}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function crash(server: Run): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exit;
}

// Real server processes on the embedded database: PGlite only.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('crash and restart on one data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-crash-'));
  const env = { DATA_DIR: dataDir, MERIDIAN_ROOT_PASSWORD: 'root-password' };
  const children: Run[] = [];
  let sleeper: ChildProcess | undefined;
  afterAll(async () => {
    sleeper?.kill('SIGKILL');
    for (const c of children) if (c.child.exitCode === null) await crash(c);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const start = () => {
    const server = run(['start'], env);
    children.push(server);
    return server;
  };

  it(`survives ${RESTARTS} kill -9 and immediate restarts, keeping every acknowledged write`, async () => {
    const began = Date.now();
    // First start creates root; the token is minted while no server runs.
    const first = start();
    await started(first);
    first.child.kill('SIGTERM');
    const firstExit = await first.exit;
    expect(firstExit, `first server (signal ${first.child.signalCode}): ${first.output()}`).toBe(0);
    const tokenRun = run(['create-token', '--user', 'root', '--scopes', 'api'], env);
    expect(await tokenRun.exit).toBe(0);
    const token = tokenRun.output().trim().split('\n').pop() as string;
    expect(token).toMatch(/^glpat-/);
    const paths: string[] = [];

    for (let i = 0; i < RESTARTS; i += 1) {
      if (i === 5) {
        // A lock file from an older Meridian naming a live process that is not Meridian.
        sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
        unlinkSync(join(dataDir, LOCK_FILE));
        writeFileSync(join(dataDir, LOCK_FILE), `${sleeper.pid}\n`);
      }
      if (i === 6) {
        unlinkSync(join(dataDir, LOCK_FILE));
        writeFileSync(join(dataDir, LOCK_FILE), `${process.pid}\n`); // ours: alive, and not the new server
      }
      const server = start();
      const url = await started(server);
      if (i === 0) {
        // A second live server on the same data directory is refused, and so is the CLI.
        const second = start();
        expect(await second.exit).toBe(1);
        expect(second.output()).toContain(
          `Another Meridian process (pid ${server.child.pid}) is using the data directory`,
        );
        const cli = run(['create-token', '--user', 'root', '--scopes', 'api'], env);
        expect(await cli.exit).toBe(1);
        expect(cli.output()).toContain('Another Meridian process');
      }
      const path = `crash-${i}`;
      const res = await fetch(`${url}/api/v4/groups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'private-token': token },
        body: JSON.stringify({ name: `Crash ${i}`, path }),
      });
      expect(res.status).toBe(201);
      paths.push(path);
      await crash(server);
    }

    const last = start();
    const url = await started(last);
    const res = await fetch(`${url}/api/v4/groups?per_page=100`, { headers: { 'private-token': token } });
    const groups = (await res.json()) as { path: string }[];
    expect(groups.map((g) => g.path).sort()).toEqual([...paths].sort());
    last.child.kill('SIGTERM');
    expect(await last.exit).toBe(0);
    console.log(`crash-restart: ${RESTARTS} restarts in ${Math.round((Date.now() - began) / 1000)} s`);
  }, 900_000);
});
