import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DataDirLockedError, LOCK_FILE } from './db/data-dir-lock';
import { type RunningServer, startServer } from './server';

describe('server lifecycle on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-server-'));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    MERIDIAN_SEED: 'none',
    MERIDIAN_ROOT_PASSWORD: 'root-password',
    LOG_LEVEL: 'silent',
  });

  it('migrates, creates root, serves, refuses a second process, and stops cleanly', async () => {
    const lines: string[] = [];
    server = await startServer(config, (line) => lines.push(line));
    expect(lines.some((l) => l.startsWith('Applied migrations: 0001_initial_schema'))).toBe(true);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const ready = await fetch(`${server.url}/-/readiness`);
    expect(ready.status).toBe(200);
    const signIn = await fetch(`${server.url}/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'root', password: 'root-password' }),
    });
    expect(signIn.status).toBe(200);

    await expect(startServer(config, () => undefined)).rejects.toBeInstanceOf(DataDirLockedError);

    await server.stop();
    server = undefined;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    // A restart reopens the same data: nothing to migrate, root already there.
    const again: string[] = [];
    server = await startServer(config, (line) => again.push(line));
    expect(again).toEqual([]);
    await server.stop();
    server = undefined;
  }, 120_000);
});
