import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const LOCK_FILE = 'meridian.lock';

// sun_path holds 104 bytes on macOS and 108 on Linux.
const MAX_SOCKET_PATH_BYTES = 100;
// A socket file that refuses connections is stale only if it still refuses this much later: a
// starter between its bind() and listen() refuses for microseconds, never for this long.
const STALE_RECHECK_MS = 250;
// A take-over mutex is held for one stat and one unlink; one older than this belongs to a starter
// that died inside that window.
const MUTEX_STALE_MS = 5_000;
const GREETING_TIMEOUT_MS = 1_000;
const MAX_ATTEMPTS = 40;

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number | null,
    readonly dataDir: string,
  ) {
    super(
      `Another Meridian process${pid ? ` (pid ${pid})` : ''} is using the data directory ${dataDir}. ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The Unix domain socket the holder listens on. */
  path: string;
  /** Stops listening; the socket file goes with it. Safe to call twice. */
  release: () => void;
}

type Probe = { alive: true; pid: number | null } | { alive: false; generation: string | null };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** `<dataDir>/<name>`, or a name in the temp directory derived from both when that path is too long for a socket. */
export function dataDirSocketPath(dir: string, name: string): string {
  const inDir = join(dir, name);
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH_BYTES) return inDir;
  const digest = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 24);
  return join(tmpdir(), `meridian-${digest}.${name.replace(/^meridian\./, '')}`);
}

/** `<dataDir>/meridian.lock` (or its stand-in in the temp directory). */
export const lockSocketPath = (dir: string) => dataDirSocketPath(dir, LOCK_FILE);

/** Identifies one incarnation of a file: a file removed and created again (same inode or not) differs. */
function generationOf(path: string): string | null {
  try {
    const s = statSync(path, { bigint: true });
    return createHash('sha256').update(`${s.dev}:${s.ino}:${s.ctimeNs}`).digest('hex').slice(0, 12);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

/** Binds and listens on `path`; null when the path already exists (bind is an atomic create). */
function listenOn(path: string): Promise<net.Server | null> {
  return new Promise((done, fail) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(`meridian ${process.pid}\n`);
    });
    server.once('error', (error) => (errorCode(error) === 'EADDRINUSE' ? done(null) : fail(error)));
    server.listen(path, () => {
      server.removeAllListeners('error');
      server.on('error', () => undefined);
      server.unref();
      done(server);
    });
  });
}

/** Connects to the socket: a connection means its holder is alive (the OS closes it when the holder dies). */
function probe(path: string): Promise<Probe> {
  return new Promise((done, fail) => {
    const socket = net.connect(path);
    let greeting = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const pid = Number(/^meridian (\d+)/.exec(greeting)?.[1]);
      done({ alive: true, pid: Number.isInteger(pid) && pid > 0 ? pid : null });
    };
    const timer = setTimeout(finish, GREETING_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      greeting += chunk;
      if (greeting.includes('\n')) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error) => {
      clearTimeout(timer);
      const code = errorCode(error);
      // ECONNREFUSED: a socket nobody listens on, or a plain file (an older Meridian's pid file).
      if (code === 'ECONNREFUSED' || code === 'ENOTSOCK' || code === 'ENOENT') {
        done({ alive: false, generation: generationOf(path) });
      } else if (greeting) finish();
      else fail(error);
    });
  });
}

/**
 * Runs `critical` while holding `mutex` (created with `wx`). When another starter holds it, returns
 * without running: the caller looks again. A mutex left by a starter that died inside its window is
 * removed under a mutex named after that mutex's own generation, so two starters never both remove it.
 */
function withTakeOverMutex(mutex: string, critical: () => void, depth = 0): void {
  let fd: number;
  try {
    fd = openSync(mutex, 'wx');
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    const generation = generationOf(mutex);
    const age = generation ? Date.now() - statSync(mutex).mtimeMs : 0;
    if (generation && Math.abs(age) > MUTEX_STALE_MS && depth < 8) {
      withTakeOverMutex(
        `${mutex}.${generation}`,
        () => {
          if (generationOf(mutex) === generation) unlinkIfPresent(mutex);
        },
        depth + 1,
      );
    }
    return;
  }
  closeSync(fd);
  try {
    critical();
  } finally {
    unlinkIfPresent(mutex);
  }
}

/** Removes the stale socket file if it is still the incarnation found stale (another starter may have replaced it). */
function removeStale(path: string, generation: string): void {
  withTakeOverMutex(`${path}.takeover-${generation}`, () => {
    if (generationOf(path) === generation) unlinkSync(path);
  });
}

/** Take-over mutexes left behind by starters that died; harmless to remove once we hold the lock. */
function removeLeftoverMutexes(path: string): void {
  const prefix = `${basename(path)}.takeover-`;
  for (const name of readdirSync(dirname(path))) {
    if (name.startsWith(prefix)) unlinkIfPresent(join(dirname(path), name));
  }
}

/**
 * Takes the data directory for this process, so that only one process opens an embedded PGlite
 * directory. The holder listens on a Unix domain socket, `<dataDir>/meridian.lock`: the OS stops the
 * listening when the holder dies, whatever its pid was, so a crash (SIGKILL, OOM) never blocks the
 * next start, while a live holder answers and the starter gets DataDirLockedError. A stale socket
 * file is replaced under a take-over mutex, so two starters never both take it over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = lockSocketPath(dir);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const server = await listenOn(path);
    if (server) {
      removeLeftoverMutexes(path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        server.close();
      };
      process.on('exit', release);
      return { path, release };
    }
    const first = await probe(path);
    if (first.alive) throw new DataDirLockedError(first.pid, dir);
    if (first.generation === null) continue; // removed meanwhile: bind again
    await sleep(STALE_RECHECK_MS);
    const second = await probe(path);
    if (second.alive) throw new DataDirLockedError(second.pid, dir);
    if (second.generation === first.generation) removeStale(path, first.generation);
  }
  throw new Error(`Could not take the lock ${path}; remove it if no Meridian process is running.`);
}
