import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, lockSocketPath } from './data-dir-lock';

/** A child process that takes the lock, prints "held", and keeps it until killed. */
function holderProcess(dir: string): Promise<ChildProcess> {
  const script = `const { acquireDataDirLock } = await import(${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).pathname)});
await acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('held') && done(child));
    child.on('exit', (code) => fail(new Error(`holder exited with ${code}`)));
  });
}

describe('data directory lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'meridian-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('listens on the lock socket, refuses a second holder naming our pid, and releases', async () => {
    const dir = join(root, 'a', 'nested');
    const lock = await acquireDataDirLock(dir);
    expect(lock.path).toBe(join(dir, LOCK_FILE));
    expect(statSync(lock.path).isSocket()).toBe(true);
    await expect(acquireDataDirLock(dir)).rejects.toThrowError(
      `Another Meridian process (pid ${process.pid}) is using the data directory ${dir}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    (await acquireDataDirLock(dir)).release();
  });

  it.each([
    ['an older pid file naming this very process', () => `${process.pid}\n`],
    ['an older pid file naming a live process that is not Meridian', () => '1\n'],
    ['an unreadable lock file', () => 'not a pid'],
  ])('takes over %s', async (_label, content) => {
    const dir = mkdtempSync(join(root, 'file-'));
    writeFileSync(join(dir, LOCK_FILE), content());
    const lock = await acquireDataDirLock(dir);
    expect(statSync(lock.path).isSocket()).toBe(true);
    lock.release();
  });

  it('refuses while another live process holds it, and takes over once that process was killed', async () => {
    const dir = join(root, 'killed');
    mkdirSync(dir);
    const holder = await holderProcess(dir);
    try {
      const refused = acquireDataDirLock(dir);
      await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(`(pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((done) => holder.once('exit', done));
    }
    expect(statSync(join(dir, LOCK_FILE)).isSocket()).toBe(true); // left behind by the killed holder
    const lock = await acquireDataDirLock(dir);
    lock.release();
  }, 30_000);

  it('lets exactly one of several concurrent starters take over a stale lock', async () => {
    for (let round = 0; round < 5; round += 1) {
      const dir = mkdtempSync(join(root, 'race-'));
      writeFileSync(join(dir, LOCK_FILE), '2147483646\n');
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => acquireDataDirLock(dir)));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
      }
      (won[0] as PromiseFulfilledResult<{ release: () => void }>).value.release();
    }
  });

  it('removes a take-over mutex left by a starter that died inside its take-over', async () => {
    const dir = mkdtempSync(join(root, 'mutex-'));
    writeFileSync(join(dir, LOCK_FILE), 'stale');
    const generation = await staleGeneration(dir);
    const mutex = join(dir, `${LOCK_FILE}.takeover-${generation}`);
    writeFileSync(mutex, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(mutex, old, old);
    const lock = await acquireDataDirLock(dir);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
  });

  it('puts the socket in the temp directory when the data directory path is too long for one', async () => {
    const dir = join(root, 'x'.repeat(60), 'y'.repeat(60));
    const lock = await acquireDataDirLock(dir);
    expect(lock.path).toBe(lockSocketPath(dir));
    expect(lock.path.startsWith(tmpdir())).toBe(true);
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    lock.release();
  });
});

/** The generation name the lock gives a file (same derivation as data-dir-lock.ts). */
async function staleGeneration(dir: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const s = statSync(join(dir, LOCK_FILE), { bigint: true });
  return createHash('sha256').update(`${s.dev}:${s.ino}:${s.ctimeNs}`).digest('hex').slice(0, 12);
}
