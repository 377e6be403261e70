import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * Markdown → sanitized HTML (GitHub-flavoured). Raw HTML in the source is dropped by
 * remark-rehype (allowDangerousHtml is off) and the result passes rehype-sanitize's default
 * GitHub schema, so `<script>`, event handlers and `javascript:` URLs never survive.
 *
 * Call it on WRITE and store the result (e.g. `description_html`); never re-render on read.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify)
  .freeze();

export function renderMarkdown(text: string): string {
  if (!text) return '';
  return String(processor.processSync(text));
}

/** Convenience: null-in, null-out, for optional description columns. */
export function renderMarkdownOrNull(text: string | null | undefined): string | null {
  return text == null ? null : renderMarkdown(text);
}
