import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'meridian.lock';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another Meridian process (pid ${pid}) is using the data directory ${dataDir}. ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  /** Removes the lock file (only if it is still ours). Safe to call twice. */
  release: () => void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes `<dataDir>/meridian.lock` (created with the `wx` flag, holding our pid) so that only one
 * process opens an embedded PGlite data directory. A lock whose pid is alive (this process included)
 * is refused with DataDirLockedError; a stale one (dead pid, unreadable) is taken over.
 * The lock is also released when the process exits.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(path)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readPid(path) === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // already gone
          }
        }
      };
      process.on('exit', release);
      return { path, release };
    }
    const holder = readPid(path);
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(holder, dir);
    try {
      unlinkSync(path); // stale: its process is gone
    } catch {
      // someone else removed it first; try again
    }
  }
  throw new Error(`Could not take the lock ${path}; remove it if no Meridian process is running.`);
}
