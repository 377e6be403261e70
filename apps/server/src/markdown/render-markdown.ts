import { findReferences, type ReferenceContext } from '@meridian/domain';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { markdownToHast } from './markdown-to-hast';
import { CLOBBERABLE, MARKDOWN_SCHEMA, USER_CONTENT_PREFIX } from './sanitize-schema';

export type { ReferenceContext } from '@meridian/domain';

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

const textOf = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

/** Task-list checkboxes get their item's text as accessible name (WCAG 4.1.2; GitLab's have none). */
function labelTaskCheckboxes(tree: HastNode) {
  const walk = (node: HastNode, item: HastNode | null) => {
    const inItem = node.tagName === 'li' ? node : item;
    if (node.tagName === 'input' && node.properties?.type === 'checkbox' && inItem) {
      const name = textOf(inItem).trim().replace(/\s+/g, ' ').slice(0, 200);
      if (name) node.properties.ariaLabel = name;
    }
    for (const child of node.children ?? []) walk(child, inItem);
  };
  walk(tree, null);
}

/**
 * The default schema's clobbering, done once: `id`, `name` and the ARIA references get the
 * `user-content-` prefix unless they have it (remark-rehype prefixes footnote ids but not the
 * footnotes' label), so a page's own ids cannot be clobbered and a second sanitizing pass changes nothing.
 */
function prefixClobberable(tree: HastNode) {
  const prefixed = (value: unknown): unknown =>
    typeof value === 'string' && !value.startsWith(USER_CONTENT_PREFIX)
      ? `${USER_CONTENT_PREFIX}${value}`
      : Array.isArray(value)
        ? value.map(prefixed)
        : value;
  const walk = (node: HastNode) => {
    if (node.properties) {
      for (const key of CLOBBERABLE) {
        if (node.properties[key] !== undefined) node.properties[key] = prefixed(node.properties[key]);
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
}

/**
 * GitLab's UploadLinkFilter: in a project's text, a link or image to `/uploads/<secret>/<name>` (a
 * project upload, as the Markdown keeps it) points at the project's `<project>/-/uploads/…` route.
 */
function projectUploadLinks(tree: HastNode, projectPath: string | undefined) {
  const walk = (node: HastNode, projectPath: string) => {
    const key = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : null;
    const value = key ? node.properties?.[key] : undefined;
    if (key && node.properties && typeof value === 'string' && value.startsWith('/uploads/')) {
      node.properties[key] = `/${projectPath}/-${value}`;
    }
    for (const child of node.children ?? []) walk(child, projectPath);
  };
  if (projectPath) walk(tree, projectPath);
}

/** Elements whose text is never a reference: links already, code. */
const NO_REFERENCES = new Set(['a', 'code', 'pre']);

/**
 * GitLab's reference filters (`@meridian/domain`'s `gfm-references.ts`): text outside links and code becomes text and
 * `<a class="gfm gfm-issue" data-reference-type="issue" …>` links (attributes the sanitizer's
 * schema names; the stringifier escapes them).
 */
function linkReferences(tree: HastNode, context: ReferenceContext) {
  const split = (node: HastNode, ctx: ReferenceContext): HastNode[] => {
    const text = node.value ?? '';
    const refs = findReferences(text, ctx);
    if (refs.length === 0) return [node];
    const out: HastNode[] = [];
    let at = 0;
    for (const ref of refs) {
      if (ref.start > at) out.push({ type: 'text', value: text.slice(at, ref.start) });
      const data = Object.fromEntries(
        Object.entries(ref.data).map(([key, value]) => [
          `data${key.replace(/(^|-)([a-z])/g, (_, _d, c: string) => c.toUpperCase())}`,
          value,
        ]),
      );
      out.push({
        type: 'element',
        tagName: 'a',
        properties: {
          href: ref.href,
          className: ['gfm', `gfm-${ref.type.replace('_', '-')}`],
          dataReferenceType: ref.type,
          dataOriginal: ref.original,
          ...data,
        },
        children: [{ type: 'text', value: ref.original }],
      });
      at = ref.end;
    }
    if (at < text.length) out.push({ type: 'text', value: text.slice(at) });
    return out;
  };
  const walk = (node: HastNode, ctx: ReferenceContext) => {
    if (!node.children || (node.tagName && NO_REFERENCES.has(node.tagName))) return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'text') return split(child, ctx);
      walk(child, ctx);
      return [child];
    });
  };
  walk(tree, context);
}

/**
 * Markdown → sanitized HTML (GitHub-flavoured): markdown-it's tokens made into the tree remark-rehype
 * would give (`markdown-to-hast.ts`; raw HTML in the source is dropped), our passes over it, and
 * hast-util-sanitize with `MARKDOWN_SCHEMA` (GitHub's schema and our additions) as the last step, so
 * `<script>`, event handlers and `javascript:` URLs never survive, our own links included.
 *
 * Call it on WRITE and store the result (e.g. `description_html`); never re-render on read. An import
 * stores NULL instead, rendered once by its first read (`modules/markdown/stored-html.service.ts`).
 *
 * `context` says whose text it is (the project, or the group of an epic): `#12`, `~bug`, `&5`… are
 * resolved against it. Without one only `@user` and fully qualified references become links.
 */
export function renderMarkdown(text: string, context: ReferenceContext = {}): string {
  if (!text) return '';
  const tree = markdownToHast(text);
  // The passes walk a looser shape than hast's types (they add properties as they go).
  const node = tree as unknown as HastNode;
  labelTaskCheckboxes(node);
  linkReferences(node, context);
  projectUploadLinks(node, context.projectPath);
  prefixClobberable(node);
  return toHtml(sanitize(tree, MARKDOWN_SCHEMA));
}

/** Convenience: null-in, null-out, for optional description columns. */
export function renderMarkdownOrNull(text: string | null | undefined, context?: ReferenceContext): string | null {
  return text == null ? null : renderMarkdown(text, context);
}
