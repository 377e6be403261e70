import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../apps/server/bin/meridian.js', import.meta.url));

/** Runs a `meridian` command (`seed`, `create-token`…) with `env` added, answering its trimmed output. */
export function meridianCli(env: Record<string, string>, ...command: string[]): string {
  return meridianCliWithNodeOptions([], env, ...command);
}

/** `meridianCli` with options for node itself (`--cpu-prof`, which NODE_OPTIONS refuses). */
export function meridianCliWithNodeOptions(
  nodeOptions: string[],
  env: Record<string, string>,
  ...command: string[]
): string {
  return execFileSync(process.execPath, [...nodeOptions, bin, ...command], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** A new `api` token of `user` (`create-token` prints it on its last line). */
export function createToken(env: Record<string, string>, user: string, name: string): string {
  return meridianCli(env, 'create-token', '--user', user, '--scopes', 'api', '--name', name)
    .split('\n')
    .at(-1) as string;
}

/** Whether `meridian` runs the production build (`dist/`, fresher than every source it was built from) as bin/meridian.js decides. */
export function compiledServerIsFresh(): boolean {
  const inputsFile = fileURLToPath(new URL('../../apps/server/dist/inputs.json', import.meta.url));
  if (!existsSync(inputsFile)) return false;
  const { builtAt, inputs } = JSON.parse(readFileSync(inputsFile, 'utf8')) as { builtAt: number; inputs: string[] };
  return inputs.every((path) => existsSync(path) && statSync(path).mtimeMs <= builtAt);
}
