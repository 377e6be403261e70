import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { MARKDOWN_SCHEMA } from '../markdown/sanitize-schema';

/**
 * Checks of HTML a reader receives against the renderer's allow-list (`MARKDOWN_SCHEMA`), for the
 * attack and fuzz suites: what a browser would build from the HTML, element by element.
 */

const attributeNames = (tag: string) =>
  new Set(
    [...(MARKDOWN_SCHEMA.attributes?.[tag] ?? []), ...(MARKDOWN_SCHEMA.attributes?.['*'] ?? [])].map((d) =>
      typeof d === 'string' ? d : d[0],
    ),
  );
const TAGS = new Set(MARKDOWN_SCHEMA.tagNames ?? []);

function elements(node: Root | Element, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    out.push(child);
    elements(child, out);
  }
  return out;
}

/** `tag` and `tag[attribute]` for every element or attribute the allow-list does not name; empty when clean. */
export function outsideAllowList(html: string): string[] {
  const found: string[] = [];
  for (const element of elements(fromHtml(html, { fragment: true }))) {
    if (!TAGS.has(element.tagName)) found.push(element.tagName);
    const allowed = attributeNames(element.tagName);
    for (const name of Object.keys(element.properties)) {
      if (!allowed.has(name)) found.push(`${element.tagName}[${name}]`);
    }
  }
  return found;
}

/** The HTML as parsed and printed, and the same after one more pass of the sanitizer: equal when it is stable. */
export function resanitized(html: string): { printed: string; again: string } {
  const tree = fromHtml(html, { fragment: true });
  return { printed: toHtml(tree), again: toHtml(sanitize(tree, MARKDOWN_SCHEMA)) };
}

/** The text of each renderer reference link (`a.gfm`), in order. */
export function referenceLinkTexts(html: string): string[] {
  return elements(fromHtml(html, { fragment: true }))
    .filter((e) => e.tagName === 'a' && Array.isArray(e.properties.className) && e.properties.className.includes('gfm'))
    .map((e) => e.children.map((c) => (c.type === 'text' ? c.value : '')).join(''));
}
