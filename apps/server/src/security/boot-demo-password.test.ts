import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectCases } from '@meridian/domain/test/cases';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAMES, isLoopbackHost, KnownDemoPasswordError } from '../auth/demo-password-guard';
import { loadConfig } from '../config';
import { connect } from '../db/connection';
import { type RunningServer, startServer } from '../server';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';

const quiet = { LOG_LEVEL: 'silent', PORT: '0', MERIDIAN_ROOT_PASSWORD: 'root-password' };

describe('demo data defaults', () => {
  it('seeds demo data by default on the embedded database only', () => {
    expect(loadConfig({}).MERIDIAN_SEED).toBe('demo');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meridian' }).MERIDIAN_SEED).toBe('none');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meridian', MERIDIAN_SEED: 'demo' }).MERIDIAN_SEED).toBe('demo');
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
  });

  expectCases(
    isLoopbackHost,
    [
      ['127.0.0.1', true],
      ['127.8.9.10', true],
      ['localhost', true],
      ['::1', true],
      ['[::1]', true],
      ['::ffff:127.0.0.1', true],
      ['0.0.0.0', false],
      ['::', false],
      ['192.168.1.10', false],
      ['128.0.0.1', false],
      ['meridian.example.com', false],
    ],
    'HOST %s is loopback: %s',
  );
});

describe('boot refuses known demo passwords beyond loopback (PGlite)', () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-boot-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (env: Record<string, string>, log: string[] = []) => {
    const server = await startServer(loadConfig({ ...quiet, ...env }), (line) => log.push(line));
    servers.push(server);
    return server;
  };
  const stop = async (server: RunningServer) => {
    servers.splice(servers.indexOf(server), 1);
    await server.stop();
  };
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('refuses to seed the default password on HOST=0.0.0.0, saying how to fix it; seeds there with MERIDIAN_DEMO_PASSWORD set', async () => {
    const dir = dataDir();
    const attempt = start({ DATA_DIR: dir, HOST: '0.0.0.0' });
    await expect(attempt).rejects.toBeInstanceOf(KnownDemoPasswordError);
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('Refusing to start: HOST=0.0.0.0 is not a loopback address');
    expect(error.message).toContain('MERIDIAN_DEMO_PASSWORD');
    expect(error.message).toContain('MERIDIAN_SEED=none');
    // Nothing was created and the data directory was released: the fixed start seeds as usual.
    const log: string[] = [];
    const fixed = await start({ DATA_DIR: dir, HOST: '0.0.0.0', MERIDIAN_DEMO_PASSWORD: 'not-the-default' }, log);
    expect(log.some((l) => l.startsWith('Applied migrations: 0001_'))).toBe(true);
    expect(log.some((l) => l.startsWith('Seeding demo data'))).toBe(true);
    await stop(fixed);
    // Its demo accounts do not accept the default password: later starts there are fine.
    const again = await start({ DATA_DIR: dir, HOST: '0.0.0.0' });
    await stop(again);
  }, 300_000);

  it('starts on HOST=0.0.0.0 with MERIDIAN_SEED=none', async () => {
    const server = await start({ DATA_DIR: dataDir(), HOST: '0.0.0.0', MERIDIAN_SEED: 'none' });
    expect((await fetch(`${server.url}/-/readiness`)).status).toBe(200);
    await stop(server);
  }, 300_000);

  it('seeds on loopback by default; the same accounts are then refused on HOST=0.0.0.0 until their password changes', async () => {
    const dir = dataDir();
    const log: string[] = [];
    const first = await start({ DATA_DIR: dir }, log);
    expect(log.some((l) => l.startsWith('Seeding demo data'))).toBe(true);
    const signIn = await fetch(`${first.url}/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'alice', password: 'meridian-demo' }),
    });
    expect(signIn.status).toBe(200);
    // The boot check knows every seeded account.
    const seeded = await first.app.ctx.database.db.selectFrom('users').select('username').orderBy('username').execute();
    expect(seeded.map((u) => u.username).filter((u) => u !== 'root')).toEqual([...DEMO_USERNAMES].sort());
    await stop(first);

    const exposed = start({ DATA_DIR: dir, HOST: '0.0.0.0', MERIDIAN_SEED: 'none' });
    await expect(exposed).rejects.toThrow(
      `the demo account(s) ${DEMO_USERNAMES.join(', ')} still accept the default demo password`,
    );
    // A custom MERIDIAN_DEMO_PASSWORD does not re-hash existing accounts: still refused.
    await expect(start({ DATA_DIR: dir, HOST: '0.0.0.0', MERIDIAN_DEMO_PASSWORD: 'a-secret-one' })).rejects.toThrow(
      KnownDemoPasswordError,
    );

    const local = await start({ DATA_DIR: dir, MERIDIAN_SEED: 'none' });
    const db = local.app.ctx.database.db;
    await db
      .updateTable('users')
      .set({ state: 'blocked' })
      .where('username', '!=', 'root')
      .where('username', '!=', 'alice')
      .execute();
    await db.updateTable('users').set({ password_hash: '!' }).where('username', '=', 'alice').execute();
    await stop(local);
    const exposedNow = await start({ DATA_DIR: dir, HOST: '0.0.0.0' });
    await stop(exposedNow);
  }, 300_000);
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('boot on PostgreSQL', () => {
  let database: ThrowawayDatabase | undefined;
  afterAll(() => database?.drop());

  it('does not seed demo data by default', async () => {
    database = await createThrowawayDatabase(baseUrl as string, 'meridian_boot');
    const url = database.url;
    const log: string[] = [];
    const server = await startServer(loadConfig({ ...quiet, DATABASE_URL: url, HOST: '0.0.0.0' }), (l) => log.push(l));
    await server.stop();
    expect(log.some((l) => l.startsWith('Applied migrations: 0001_'))).toBe(true);
    expect(log.some((l) => l.includes('Seeding'))).toBe(false);
    const check = await connect({ url, poolSize: 1 });
    const users = await check.db.selectFrom('users').select('username').execute();
    await check.close();
    expect(users.map((u) => u.username)).toEqual(['root']);
  }, 120_000);
});
