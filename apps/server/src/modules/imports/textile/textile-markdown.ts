import type { Worker } from 'node:worker_threads';
import { startServerWorker } from '../../../lib/server-worker';
import type { TextileAnswer } from './textile-worker';

/**
 * Redmine's Textile as Markdown. `textile-js` has regular expressions that backtrack without bound on
 * some inputs (a run of 30 parentheses takes seconds, a deep `<pre>` nesting overflows the stack), so the
 * conversion runs on a thread of its own with a time limit: a text that takes longer, or that the
 * libraries refuse, is kept as it was written (and said so), and the thread is replaced.
 */

export const TEXTILE_TIME_LIMIT_MS = 2000;

export type TextileResult =
  | { markdown: string; converted: true }
  | { markdown: string; converted: false; reason: string };

interface Pending {
  resolve: (result: TextileResult) => void;
  text: string;
  timer: NodeJS.Timeout;
  thread: Worker;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();
/** One text at a time: the time limit is then the text's own. */
let queue: Promise<unknown> = Promise.resolve();

function settle(id: number, result: TextileResult) {
  const job = pending.get(id);
  if (!job) return;
  clearTimeout(job.timer);
  pending.delete(id);
  if (![...pending.values()].some((p) => p.thread === job.thread)) job.thread.unref();
  job.resolve(result);
}

function failAll(of: Worker, reason: string) {
  for (const [id, job] of pending) {
    if (job.thread === of) settle(id, { markdown: job.text, converted: false, reason });
  }
}

function thread(): Worker {
  if (worker) return worker;
  const started = startServerWorker('textile-markdown', {
    resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 4 },
  });
  started.on('message', (m: TextileAnswer) => {
    const job = pending.get(m.id);
    if (!job) return;
    settle(
      m.id,
      'error' in m
        ? { markdown: job.text, converted: false, reason: `the Textile could not be read (${m.error})` }
        : { markdown: m.markdown, converted: true },
    );
  });
  started.on('error', (error) => {
    if (worker === started) worker = null;
    failAll(started, `the Textile could not be read (${error.message.slice(0, 200)})`);
  });
  started.on('exit', () => {
    if (worker === started) worker = null;
    failAll(started, 'the Textile converter stopped');
  });
  started.unref();
  worker = started;
  return started;
}

function convertNow(text: string, timeLimitMs: number): Promise<TextileResult> {
  return new Promise((resolve) => {
    const id = nextId++;
    const current = thread();
    const timer = setTimeout(() => {
      settle(id, { markdown: text, converted: false, reason: `converting the Textile took over ${timeLimitMs} ms` });
      if (worker === current) worker = null;
      void current.terminate();
    }, timeLimitMs);
    pending.set(id, { resolve, text, timer, thread: current });
    current.ref();
    current.postMessage({ id, text });
  });
}

/**
 * The text as Markdown, or as it was when the conversion fails or takes over `timeLimitMs` (by default 2 s
 * and 5 ms a kilobyte: an ordinary 1 MB text takes ~3.5 s, the limit is then ~7 s).
 */
export function textileToMarkdown(
  text: string,
  timeLimitMs = TEXTILE_TIME_LIMIT_MS + Math.ceil(text.length / 200),
): Promise<TextileResult> {
  if (text.trim() === '') return Promise.resolve({ markdown: text, converted: true });
  const run = queue.then(() => convertNow(text, timeLimitMs));
  queue = run.catch(() => undefined);
  return run;
}

/** Stops the thread (tests; the process exits without it, as the thread does not keep it alive). */
export async function stopTextileThread(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.terminate();
}
