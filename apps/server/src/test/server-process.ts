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
 * Starts a real `meridian start` process on the PostgreSQL database at `databaseUrl` (a free
 * loopback port, no seed, production mode); resolves when it says where it runs. `env` adds to or
 * overrides its environment.
 */
export function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, 'start'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
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
      const match = /Meridian is running at (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1].replace('localhost', '127.0.0.1'), output: () => output });
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
