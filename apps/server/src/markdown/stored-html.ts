import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { MARKDOWN_SCHEMA } from './sanitize-schema';

/**
 * Stored, rendered HTML as a tree for per-reader edits (reference redaction), and back: whatever an
 * edit did, the tree passes the renderer's sanitizer again before it becomes HTML.
 */

export function parseStoredHtml(html: string): Root {
  return fromHtml(html, { fragment: true });
}

/** The tree as HTML, after `MARKDOWN_SCHEMA` (a no-op on the renderer's own output). */
export function sanitizedHtml(tree: Root): string {
  return toHtml(sanitize(tree, MARKDOWN_SCHEMA));
}

/** Every element under `node` with its parent, in document order. */
export function elementsOf(node: Root | Element, out: Array<{ element: Element; parent: Root | Element }> = []) {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    out.push({ element: child, parent: node });
    elementsOf(child, out);
  }
  return out;
}

/** The text of an element whose only child is text (the renderer's reference links), else null. */
export function onlyText(element: Element): string | null {
  const [child, extra] = element.children;
  return child?.type === 'text' && extra === undefined ? child.value : null;
}
