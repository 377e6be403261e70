import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/meridian.js', import.meta.url));

/** Starts `meridian start` on a fresh data directory; sends `signal` once `when` matches its output. */
function stopWhen(when: RegExp, signal: NodeJS.Signals, dataDir: string) {
  const child = spawn(process.execPath, [BIN, 'start'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      MERIDIAN_SEED: 'none',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let sent = false;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (!sent && when.test(output)) {
      sent = true;
      child.kill(signal);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((done) =>
    child.once('close', (code, killedBy) => done({ code, signal: killedBy, output })),
  );
}

// Real processes on the embedded database: PGlite only.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('meridian start and signals', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-signals-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shuts down cleanly when stopped while it starts, and never says it runs', async () => {
    const run = await stopWhen(/Applied migrations/, 'SIGTERM', dataDir());
    expect(run, run.output).toMatchObject({ code: 0, signal: null });
    expect(run.output).toContain('Received SIGTERM: shutting down…');
    expect(run.output).not.toContain('Meridian is running');
  }, 120_000);

  it('shuts down cleanly when stopped the instant it says it runs', async () => {
    const run = await stopWhen(/Meridian is running at/, 'SIGINT', dataDir());
    expect(run, run.output).toMatchObject({ code: 0, signal: null });
    expect(run.output).toContain('Received SIGINT: shutting down…');
  }, 120_000);
});
