import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../apps/server/bin/meridian.js', import.meta.url));

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts `meridian start` as a separate process (so load generation does not share its event loop).
 * Rate limits are off: a load generator is one client sending far more than any limit allows.
 * `meridianBin` runs another checkout's server (a before/after comparison).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
  meridianBin: string = bin,
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  // Another server on the port would answer the readiness checks below in this one's place.
  const portTaken = await fetch(`${url}/-/readiness`).then(
    () => true,
    () => false,
  );
  if (portTaken) throw new Error(`port ${port} is in use: stop the server there first`);
  const child = spawn(process.execPath, [...nodeArgs, meridianBin, 'start'], {
    env: {
      ...process.env,
      MERIDIAN_SEED: 'none',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/-/readiness`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, process: child, stop };
}
