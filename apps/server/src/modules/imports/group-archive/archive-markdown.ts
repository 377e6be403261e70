import { renderMarkdown } from '../../../markdown/render-markdown';
import { renderMarkdownOffThread, type TextToRender } from '../../../markdown/render-pool';
import type { MarkdownText } from './archive-context';

/** HTML rendered ahead, per record, with the context it was rendered against. */
export type RenderedHtml = WeakMap<object, { html: string; context: string }>;

/** Markdown rendered ahead per batch at most: the HTML held before the transaction stays bounded. */
const MAX_AHEAD_CHARS = 16 * 1024 * 1024;

/**
 * Renders the records' Markdown (issue and epic descriptions, notes) before the batch's transaction
 * opens, on the render threads (`render-pool.ts`), so the transaction holds its locks only for the
 * writes and the import's own thread goes on writing the batch before. Same renderer as always; a text
 * met again in the batch with the same context (system notes: "closed", "added ~bug label") is rendered
 * once — the renderer reads nothing but the text and its context.
 */
export async function renderAhead(
  texts: Array<[record: object, text: MarkdownText | undefined]>,
): Promise<RenderedHtml> {
  const rendered: RenderedHtml = new WeakMap();
  const distinct = new Map<string, number>();
  const toRender: TextToRender[] = [];
  const wanted: Array<[record: object, context: string, index: number]> = [];
  let chars = 0;
  for (const [record, text] of texts) {
    if (!text) continue;
    // A batch of long texts keeps only its first HTML ahead; the rest is rendered when written.
    chars += text.text.length;
    if (chars > MAX_AHEAD_CHARS) break;
    const context = JSON.stringify(text.context);
    const key = `${context}\u0000${text.text}`;
    let index = distinct.get(key);
    if (index === undefined) {
      index = toRender.push({ text: text.text, context: text.context }) - 1;
      distinct.set(key, index);
    }
    wanted.push([record, context, index]);
  }
  const html = await renderMarkdownOffThread(toRender);
  for (const [record, context, index] of wanted) rendered.set(record, { html: html[index] as string, context });
  return rendered;
}

/**
 * A record's HTML: the one rendered ahead when it was rendered against the same context (what earlier
 * batches committed decides both), else rendered now.
 */
export function htmlOf(rendered: RenderedHtml | undefined, record: object, text: MarkdownText): string {
  const ahead = rendered?.get(record);
  if (ahead && ahead.context === JSON.stringify(text.context)) return ahead.html;
  return renderMarkdown(text.text, text.context);
}
