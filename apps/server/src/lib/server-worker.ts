import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import entries from './worker-entries.json';

/**
 * Threads that run the server's own TypeScript. `worker-entries.json` names each entry and its source
 * (under `src/`); the production build compiles each to `dist/<name>.js` beside the chunks, so the compiled
 * server starts the compiled file. A server run from its sources (tests, `meridian` on a checkout being
 * edited) starts the thread through tsx, as `bin/meridian.js` starts the server.
 */
export type WorkerEntry = keyof typeof entries;

const fromSources = import.meta.url.endsWith('.ts');

/** tsx's ESM API (the `import` condition of `tsx/esm/api`: its CommonJS twin cannot register hooks). */
function tsxApiUrl(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
}

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

export function startServerWorker(entry: WorkerEntry, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!fromSources) return new Worker(new URL(`./${entry}.js`, import.meta.url), options);
  const source = new URL(`../${entries[entry]}`, import.meta.url).href;
  return new Worker(BOOTSTRAP, {
    ...options,
    eval: true,
    workerData: { ...(options.workerData ?? {}), tsxApi: tsxApiUrl(), entry: source },
  });
}
