import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

describe('data directory lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'meridian-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the lock file with our pid, refuses a second holder, and releases', () => {
    const dir = join(root, 'a', 'nested');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrowError(
      `Another Meridian process (pid ${process.pid}) is using the data directory ${dir}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    lock.release();
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = acquireDataDirLock(dir);
    again.release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = join(root, 'stale');
    acquireDataDirLock(dir).release();
    writeFileSync(join(dir, LOCK_FILE), '2147483646\n'); // no such pid
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = join(root, 'garbage');
    acquireDataDirLock(dir).release();
    writeFileSync(join(dir, LOCK_FILE), 'not a pid');
    acquireDataDirLock(dir).release();
  });

  it('does not remove a lock that another process took after ours', () => {
    const dir = join(root, 'foreign');
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE), '1\n');
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });
});
