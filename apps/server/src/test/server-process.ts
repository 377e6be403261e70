import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/meridian.js', import.meta.url));

/** A `meridian start` child process and what it printed. */
export interface ServerProcess {
  child: ChildProcess;
  /** Where it answers, e.g. http://127.0.0.1:41234. */
  url: string;
  output: () => string;
}

/**
 * Starts a real `meridian start` process on the PostgreSQL database at `database` (a URL) or the
 * embedded one in `{ dataDir }` (a free loopback port, no seed, production mode); resolves when it
 * says where it runs (a `--role worker` process serves no HTTP: its `url` is empty). `env` adds to or
 * overrides its environment; `args` follow `start`.
 */
export function startServerProcess(
  database: string | { dataDir: string },
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, 'start', ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ...(typeof database === 'string' ? { DATABASE_URL: database } : { DATA_DIR: database.dataDir }),
      HOST: '127.0.0.1',
      PORT: '0',
      MERIDIAN_SEED: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Meridian (?:is running at (\S+)|worker is running)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: (match[1] ?? '').replace('localhost', '127.0.0.1'), output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Stops it with SIGTERM and waits for it to exit. */
export function stopServerProcess(started: ServerProcess | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

/** A `meridian` child process: what it printed so far, and its exit code once its output is all read. */
export interface MeridianRun {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** Spawns `meridian <args>` with `env` (and PATH); stdout and stderr are collected together. */
export function spawnMeridian(args: string[], env: Record<string, string>): MeridianRun {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  return { child, output: () => output, exit };
}

/** Runs a `meridian` command (not `start`) to its end, without blocking the test's event loop. */
export async function runMeridian(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const run = spawnMeridian(args, { LOG_LEVEL: 'warn', ...env });
  const code = await run.exit;
  return { code, output: run.output() };
}
