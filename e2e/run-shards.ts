/**
 * Runs the Playwright specs as shards side by side (`npm test -w e2e`): each shard is its own
 * `playwright test --shard=i/n` with its own Meridian server (port E2E_PORT + i − 1), its own
 * embedded database with demo data and its own results folder, so no spec sees another shard's
 * writes. One shard leaves a core idle most of the time (the browser waits on the server and the
 * server on the browser); two keep both busy. `E2E_SHARDS=1` runs them as a single shard.
 * Arguments are passed to every shard (`npm test -w e2e -- tests/lists.spec.ts`).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3300);
const passedArgs = process.argv.slice(2);

function runShard(index: number): Promise<number> {
  const label = `[shard ${index}/${shards}]`;
  const child = spawn('npx', ['playwright', 'test', `--shard=${index}/${shards}`, ...passedArgs], {
    env: {
      ...process.env,
      E2E_PORT: String(firstPort + index - 1),
      E2E_RESULTS: `test-results/shard-${index}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${label} ${line}`));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.log(`${label} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
console.log(
  failed.length === 0
    ? `all ${shards} shards passed in ${minutes} min`
    : `shard(s) ${failed.join(', ')} of ${shards} failed (${minutes} min)`,
);
process.exit(failed.length === 0 ? 0 : 1);
