import { renderMarkdown } from '../../../markdown/render-markdown';
import type { MarkdownText } from './archive-context';

/** HTML rendered ahead, per record, with the context it was rendered against. */
export type RenderedHtml = WeakMap<object, { html: string; context: string }>;

/**
 * Renders the records' Markdown (issue and epic descriptions, notes) before the batch's transaction
 * opens, so the transaction holds its locks only for the writes. Same renderer as always.
 */
export function renderAhead(texts: Array<[record: object, text: MarkdownText | undefined]>): RenderedHtml {
  const rendered: RenderedHtml = new WeakMap();
  for (const [record, text] of texts) {
    if (!text) continue;
    rendered.set(record, { html: renderMarkdown(text.text, text.context), context: JSON.stringify(text.context) });
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
