import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

const textOf = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

/**
 * Task-list checkboxes get their item's text as accessible name (WCAG 4.1.2; GitLab's have none).
 * Runs after sanitizing: the name is the item's text, escaped like any attribute.
 */
function labelTaskCheckboxes() {
  const walk = (node: HastNode, item: HastNode | null) => {
    const inItem = node.tagName === 'li' ? node : item;
    if (node.tagName === 'input' && node.properties?.type === 'checkbox' && inItem) {
      const name = textOf(inItem).trim().replace(/\s+/g, ' ').slice(0, 200);
      if (name) node.properties.ariaLabel = name;
    }
    for (const child of node.children ?? []) walk(child, inItem);
  };
  return (tree: HastNode) => walk(tree, null);
}

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
  .use(labelTaskCheckboxes)
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
