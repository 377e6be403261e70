import type { Element as HastElement, ElementContent as HastNode, Root as HastRoot } from 'hast';
import MarkdownIt from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import { USER_CONTENT_PREFIX } from './sanitize-schema';

/**
 * The parser: markdown-it (CommonMark, GFM tables and strikethrough) with GFM footnotes; task list
 * items and the GFM autolink literals are read off its tokens below. Raw HTML is parsed (so it is
 * recognised as HTML) and then dropped. Every link is let through here: the sanitizer is the one
 * gate for URLs (markdown-it's own check would print a `javascript:` link's source as text).
 */
const parser = new MarkdownIt({ html: true, linkify: true }).use(footnotePlugin);
parser.inline.ruler.disable(['footnote_inline']); // `^[…]` is not GFM
parser.validateLink = () => true;
parser.linkify.set({ fuzzyLink: true }); // for `www.` links; other host-only links are turned back into text below

type Token = ReturnType<typeof parser.parse>[number];

const attribute = (token: Token, name: string): string | null => {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
};

/**
 * A URL with its scheme in lower case: schemes are case-insensitive (`HTTPS://x` is a link, RFC 3986),
 * while the sanitizer's allow-list compares them as written and would drop the href.
 */
const URL_SCHEME = /^[a-z][a-z\d+.-]{0,31}:/i;
const lowerCaseScheme = (url: string) => url.replace(URL_SCHEME, (scheme) => scheme.toLowerCase());

type FootnoteEnv = { footnotes?: { list?: { label?: string; count: number }[] } };

const text = (value: string): HastNode => ({ type: 'text', value });
const element = (tagName: string, properties: HastElement['properties'], children: HastNode[]): HastElement => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const isParagraph = (node: HastNode | undefined): node is HastElement =>
  node?.type === 'element' && node.tagName === 'p';

/** remark-rehype's line endings between block elements (and around them when `loose`). */
function wrap(nodes: HastNode[], loose = false): HastNode[] {
  const out: HastNode[] = loose ? [text('\n')] : [];
  nodes.forEach((node, index) => {
    if (index > 0) out.push(text('\n'));
    out.push(node);
  });
  if (loose && nodes.length > 0) out.push(text('\n'));
  return out;
}

/** A footnote's id as remark-rehype writes it (its label, lower-cased and URL-encoded). */
const footnoteId = (label: string) => encodeURIComponent(label.toLowerCase());

/** GFM autolinks only `www.`, `http(s)://` and e-mail addresses; linkify-it would also link `example.com`. */
const GFM_AUTOLINK = /^(?:https?:\/\/|www\.|mailto:)|^[^\s@]+@[^\s@]+$/i;
/**
 * Text with none of these (a scheme, `www.`, an address's `x@host.`) holds no GFM autolink: linkify, a
 * fifth of the parse with its host pattern run on every text token, is skipped for it. A mention's `@`
 * follows a space, so mentions alone do not turn it on.
 */
const AUTOLINK_CANDIDATE = /:\/\/|www\.|[^\s@]@[^\s@]*\./i;

/** Inline tokens → hast, adjacent text merged (soft line breaks are text, as in remark). */
function inline(tokens: Token[]): HastNode[] {
  const root: HastNode[] = [];
  const stack: HastNode[][] = [root];
  const push = (node: HastNode) => {
    const siblings = stack[stack.length - 1] as HastNode[];
    const last = siblings[siblings.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else siblings.push(node);
  };
  const open = (node: HastElement) => {
    push(node);
    stack.push(node.children);
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    switch (token.type) {
      case 'text':
        push(text(token.content));
        break;
      case 'softbreak':
        push(text('\n'));
        break;
      case 'hardbreak':
        push(element('br', {}, []));
        push(text('\n'));
        break;
      case 'code_inline':
        push(element('code', {}, [text(token.content)]));
        break;
      case 'em_open':
        open(element('em', {}, []));
        break;
      case 'strong_open':
        open(element('strong', {}, []));
        break;
      case 's_open':
        open(element('del', {}, []));
        break;
      case 'link_open': {
        const literal = tokens[i + 1]?.content ?? '';
        if (token.markup === 'linkify' && !GFM_AUTOLINK.test(literal)) {
          push(text(literal));
          i += 2; // its text and its close
          break;
        }
        const title = attribute(token, 'title');
        open(
          element('a', { href: lowerCaseScheme(attribute(token, 'href') ?? ''), ...(title !== null && { title }) }, []),
        );
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image': {
        const title = attribute(token, 'title');
        push(
          element(
            'img',
            {
              src: lowerCaseScheme(attribute(token, 'src') ?? ''),
              alt: plainText(token.children ?? []),
              ...(title !== null && { title }),
            },
            [],
          ),
        );
        break;
      }
      case 'footnote_ref':
        push(footnoteReference(token));
        break;
      // html_inline: raw HTML is dropped, its text between the tags stays
    }
  }
  return root;
}

function plainText(tokens: Token[]): string {
  return tokens
    .map((token) =>
      token.type === 'image'
        ? plainText(token.children ?? [])
        : token.type === 'softbreak' || token.type === 'hardbreak'
          ? '\n'
          : token.type === 'text' || token.type === 'code_inline'
            ? token.content
            : '',
    )
    .join('');
}

function footnoteReference(token: Token): HastElement {
  const { id, subId, label } = token.meta as { id: number; subId: number; label?: string };
  const safeId = footnoteId(label ?? String(id + 1));
  return element('sup', {}, [
    element(
      'a',
      {
        href: `#${USER_CONTENT_PREFIX}fn-${safeId}`,
        id: `${USER_CONTENT_PREFIX}fnref-${safeId}${subId > 0 ? `-${subId + 1}` : ''}`,
        dataFootnoteRef: true,
        ariaDescribedBy: ['footnote-label'],
      },
      [text(String(id + 1))],
    ),
  ]);
}

/** GFM task list item: `[ ]`, `[x]` or `[X]` then a space, tab or line ending, first in the item. */
const TASK_MARKER = /^\[([ \txX])\][ \t\n]/;

/** The item's first paragraph loses its marker and gains remark-rehype's checkbox. */
function makeTaskItem(item: HastElement): boolean {
  const paragraph = item.children[0];
  if (!isParagraph(paragraph)) return false;
  const head = paragraph.children[0];
  if (head?.type !== 'text') return false;
  const marker = TASK_MARKER.exec(head.value);
  if (!marker) return false;
  head.value = head.value.slice(4);
  if (head.value === '') paragraph.children.shift();
  if (paragraph.children.length > 0) paragraph.children.unshift(text(' '));
  const checked = marker[1] === 'x' || marker[1] === 'X';
  paragraph.children.unshift(element('input', { type: 'checkbox', checked, disabled: true }, []));
  item.properties.className = ['task-list-item'];
  return true;
}

/** Block tokens → hast, in the shape remark-rehype gives, so the passes after it and the stored HTML keep theirs. */
class BlockReader {
  private at = 0;
  private readonly footnotes: { label: string; count: number }[];
  private footer: HastElement | null = null;

  constructor(
    private readonly tokens: Token[],
    env: FootnoteEnv,
  ) {
    this.footnotes = (env.footnotes?.list ?? []).map((note, id) => ({
      label: note.label ?? String(id + 1),
      count: note.count,
    }));
  }

  root(): HastRoot {
    const children = wrap(this.blocks());
    if (this.footer) children.push(text('\n'), this.footer);
    return { type: 'root', children };
  }

  /** Blocks up to the closing token of the enclosing block (or the end). */
  private blocks(): HastNode[] {
    const out: HastNode[] = [];
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at] as Token;
      if (token.nesting === -1) return out;
      this.at++;
      const node = this.block(token);
      if (node) out.push(node);
    }
    return out;
  }

  /** The children of the block just opened, its closing token consumed. */
  private inside(): HastNode[] {
    const children = this.blocks();
    this.at++;
    return children;
  }

  private block(token: Token): HastNode | null {
    switch (token.type) {
      case 'paragraph_open':
      case 'heading_open': {
        const content = this.tokens[this.at] as Token;
        // A footnote's last paragraph also holds the plugin's back link (`footnote_anchor`): ours are added below.
        while ((this.tokens[this.at] as Token).nesting !== -1) this.at++;
        this.at++;
        return element(token.tag, {}, inline(content.children ?? []));
      }
      case 'blockquote_open':
        return element('blockquote', {}, wrap(this.inside(), true));
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(token);
      case 'fence':
      case 'code_block': {
        const language = token.info.trim().split(/\s+/)[0];
        return element('pre', {}, [
          element('code', language ? { className: [`language-${language}`] } : {}, [text(token.content)]),
        ]);
      }
      case 'hr':
        return element('hr', {}, []);
      case 'table_open':
        return this.table();
      case 'footnote_block_open':
        this.footer = this.footnoteSection();
        return null;
      default:
        // html_block: dropped. Any other opening token: its content is read and dropped.
        if (token.nesting === 1) this.inside();
        return null;
    }
  }

  private list(token: Token): HastElement {
    const items: HastElement[] = [];
    let loose = false;
    let tasks = false;
    while ((this.tokens[this.at] as Token).type === 'list_item_open') {
      const first = ++this.at;
      const item = element('li', {}, this.inside());
      for (let i = first; i < this.at && !loose; i++) {
        const inner = this.tokens[i] as Token;
        if (inner.type === 'paragraph_open' && inner.level === token.level + 2 && !inner.hidden) loose = true;
      }
      if (makeTaskItem(item)) tasks = true;
      items.push(item);
    }
    this.at++;
    for (const item of items) item.children = this.listItemChildren(item.children, loose);
    const start = Number(attribute(token, 'start') ?? 1);
    const properties: HastElement['properties'] = {};
    if (token.type === 'ordered_list_open' && start !== 1) properties.start = start;
    if (tasks) properties.className = ['contains-task-list'];
    return element(token.type === 'ordered_list_open' ? 'ol' : 'ul', properties, wrap(items, true));
  }

  /** remark-rehype's list item: a tight item's paragraphs are unwrapped, with its line endings. */
  private listItemChildren(results: HastNode[], loose: boolean): HastNode[] {
    const children: HastNode[] = [];
    results.forEach((child, index) => {
      if (loose || index !== 0 || !isParagraph(child)) children.push(text('\n'));
      if (isParagraph(child) && !loose) children.push(...child.children);
      else children.push(child);
    });
    const tail = results[results.length - 1];
    if (tail && (loose || !isParagraph(tail))) children.push(text('\n'));
    return children;
  }

  private table(): HastElement {
    const rows: HastElement[] = [];
    const aligns: (string | null)[] = [];
    while ((this.tokens[this.at] as Token).type !== 'table_close') {
      const token = this.tokens[this.at++] as Token;
      if (token.type !== 'tr_open') continue;
      const header = rows.length === 0;
      const cells: HastElement[] = [];
      while ((this.tokens[this.at] as Token).type !== 'tr_close') {
        const cell = this.tokens[this.at] as Token;
        const content = this.tokens[this.at + 1] as Token;
        this.at += 3;
        const align = /text-align:(\w+)/.exec(attribute(cell, 'style') ?? '')?.[1] ?? null;
        if (header) aligns.push(align);
        const alignValue = aligns[cells.length];
        cells.push(
          element(header ? 'th' : 'td', alignValue ? { align: alignValue } : {}, inline(content.children ?? [])),
        );
      }
      this.at++;
      rows.push(element('tr', {}, wrap(cells, true)));
    }
    this.at++;
    const [head, ...body] = rows;
    const sections: HastElement[] = [];
    if (head) sections.push(element('thead', {}, wrap([head], true)));
    if (body.length > 0) sections.push(element('tbody', {}, wrap(body, true)));
    return element('table', {}, wrap(sections, true));
  }

  /** remark-rehype's footnote section: the definitions in order of first reference, each with its back links. */
  private footnoteSection(): HastElement {
    const items: HastElement[] = [];
    while ((this.tokens[this.at] as Token).type === 'footnote_open') {
      const { id } = (this.tokens[this.at] as Token).meta as { id: number };
      this.at++;
      const content = this.inside();
      const note = this.footnotes[id] ?? { label: String(id + 1), count: 1 };
      const safeId = footnoteId(note.label);
      const backReferences: HastNode[] = [];
      for (let n = 1; n <= note.count; n++) {
        if (n > 1) backReferences.push(text(' '));
        backReferences.push(
          element(
            'a',
            {
              href: `#${USER_CONTENT_PREFIX}fnref-${safeId}${n > 1 ? `-${n}` : ''}`,
              dataFootnoteBackref: '',
              ariaLabel: `Back to reference ${id + 1}${n > 1 ? `-${n}` : ''}`,
              className: ['data-footnote-backref'],
            },
            n > 1 ? [text('↩'), element('sup', {}, [text(String(n))])] : [text('↩')],
          ),
        );
      }
      const tail = content[content.length - 1];
      if (isParagraph(tail)) {
        const last = tail.children[tail.children.length - 1];
        if (last?.type === 'text') last.value += ' ';
        else tail.children.push(text(' '));
        tail.children.push(...backReferences);
      } else content.push(...backReferences);
      items.push(element('li', { id: `${USER_CONTENT_PREFIX}fn-${safeId}` }, wrap(content, true)));
    }
    this.at++;
    return element('section', { dataFootnotes: true, className: ['footnotes'] }, [
      element('h2', { className: ['sr-only'], id: 'footnote-label' }, [text('Footnotes')]),
      text('\n'),
      element('ol', {}, wrap(items, true)),
      text('\n'),
    ]);
  }
}

/** Markdown → the hast tree remark-parse, remark-gfm and remark-rehype would give (raw HTML dropped). */
export function markdownToHast(markdown: string): HastRoot {
  const env: FootnoteEnv = {};
  parser.set({ linkify: AUTOLINK_CANDIDATE.test(markdown) });
  const tokens = parser.parse(markdown, env);
  return new BlockReader(tokens, env).root();
}
