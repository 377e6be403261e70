import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startServerWorker } from '../lib/server-worker';
import type { ReferenceContext } from './render-markdown';
import type { RenderAnswer, RenderRequest } from './render-worker';

/**
 * Markdown rendered on threads of their own (`render-worker.ts`), for work that renders many texts at
 * once (an import's batch) while its own thread goes on writing. One thread per spare core (at least one,
 * at most four); the threads start on first use and stop when idle, so a server that imports nothing holds
 * none. The HTML is the one renderer's (`renderMarkdown`), byte for byte.
 */

export type TextToRender = { text: string; context?: ReferenceContext };

const THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
/** A thread idle this long stops (its renderer holds a few tens of MB). */
const IDLE_MS = 10_000;

interface RenderThread {
  worker: Worker;
  busy: number;
  idleTimer: NodeJS.Timeout | null;
}

const threads: RenderThread[] = [];
const pending = new Map<
  number,
  { resolve: (html: string[]) => void; reject: (error: Error) => void; thread: RenderThread }
>();
let nextId = 1;

function drop(thread: RenderThread, error: Error) {
  const at = threads.indexOf(thread);
  if (at >= 0) threads.splice(at, 1);
  for (const [id, request] of pending) {
    if (request.thread !== thread) continue;
    pending.delete(id);
    request.reject(error);
  }
}

function startThread(): RenderThread {
  const thread: RenderThread = { worker: startServerWorker('markdown-render'), busy: 0, idleTimer: null };
  thread.worker.on('message', (answer: RenderAnswer) => {
    const request = pending.get(answer.id);
    if (!request) return;
    pending.delete(answer.id);
    release(thread);
    if ('error' in answer) request.reject(new Error(`rendering Markdown failed: ${answer.error}`));
    else request.resolve(answer.html);
  });
  thread.worker.on('error', (error) => drop(thread, error));
  thread.worker.on('exit', (code) => drop(thread, new Error(`the Markdown thread stopped (exit code ${code})`)));
  threads.push(thread);
  stopWhenIdle(thread);
  return thread;
}

function release(thread: RenderThread) {
  thread.busy -= 1;
  if (thread.busy === 0) stopWhenIdle(thread);
}

function stopWhenIdle(thread: RenderThread) {
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    drop(thread, new Error('the Markdown thread stopped while idle'));
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
}

function leastBusyThread(): RenderThread {
  const free = threads.find((thread) => thread.busy === 0);
  if (free || threads.length >= THREADS)
    return free ?? (threads.reduce((a, b) => (b.busy < a.busy ? b : a)) as RenderThread);
  return startThread();
}

function renderOn(thread: RenderThread, texts: TextToRender[]): Promise<string[]> {
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  thread.idleTimer = null;
  thread.busy += 1;
  thread.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, thread });
    thread.worker.postMessage({ id, texts } satisfies RenderRequest);
  });
}

/**
 * Starts the threads now, so that loading the renderer overlaps what the caller does before its first
 * texts (an import writes its people, groups and projects first).
 */
export function warmRenderThreads(): void {
  while (threads.length < THREADS) startThread();
}

/** The texts' HTML, in order, rendered across the threads in contiguous slices. */
export async function renderMarkdownOffThread(texts: TextToRender[]): Promise<string[]> {
  if (texts.length === 0) return [];
  const slices = Math.min(THREADS, Math.ceil(texts.length / 50));
  const size = Math.ceil(texts.length / slices);
  const parts = [];
  for (let at = 0; at < texts.length; at += size) parts.push(renderOn(leastBusyThread(), texts.slice(at, at + size)));
  return (await Promise.all(parts)).flat();
}

/** Stops the threads (tests; the process exits without it, as idle threads do not keep it alive). */
export async function stopRenderThreads(): Promise<void> {
  const all = threads.splice(0);
  await Promise.all(all.map((thread) => thread.worker.terminate()));
}
