import { renderMarkdown } from '../../../markdown/render-markdown';
import type { MarkdownText } from './archive-context';

/** HTML rendered ahead, per record, with the context it was rendered against. */
export type RenderedHtml = WeakMap<object, { html: string; context: string }>;

/** Markdown rendered ahead per batch at most: the HTML held before the transaction stays bounded. */
const MAX_AHEAD_CHARS = 16 * 1024 * 1024;

/**
 * Renders the records' Markdown (issue and epic descriptions, notes) before the batch's transaction
 * opens, so the transaction holds its locks only for the writes. Same renderer as always; a text met
 * again in the batch with the same context (system notes: "closed", "added ~bug label") is rendered
 * once — the renderer reads nothing but the text and its context.
 */
export function renderAhead(texts: Array<[record: object, text: MarkdownText | undefined]>): RenderedHtml {
  const rendered: RenderedHtml = new WeakMap();
  const once = new Map<string, string>();
  let chars = 0;
  for (const [record, text] of texts) {
    if (!text) continue;
    // A batch of long texts keeps only its first HTML ahead; the rest is rendered when written.
    chars += text.text.length;
    if (chars > MAX_AHEAD_CHARS) break;
    const context = JSON.stringify(text.context);
    const key = `${context}\u0000${text.text}`;
    let html = once.get(key);
    if (html === undefined) {
      html = renderMarkdown(text.text, text.context);
      once.set(key, html);
    }
    rendered.set(record, { html, context });
  }
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
