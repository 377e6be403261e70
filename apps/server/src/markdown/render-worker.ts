import { parentPort } from 'node:worker_threads';
import { type ReferenceContext, renderMarkdown } from './render-markdown';

/**
 * A thread of `render-pool.ts`: renders the texts of one request with the one renderer and answers
 * their HTML in the same order.
 */
export interface RenderRequest {
  id: number;
  texts: Array<{ text: string; context?: ReferenceContext }>;
}
export type RenderAnswer = { id: number; html: string[] } | { id: number; error: string };

parentPort?.on('message', ({ id, texts }: RenderRequest) => {
  try {
    const html = texts.map(({ text, context }) => renderMarkdown(text, context));
    parentPort?.postMessage({ id, html } satisfies RenderAnswer);
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderAnswer);
  }
});
