/**
 * Jira's text as Meridian's Markdown (issue 32's Jira importer). Jira's CSV export and its REST API
 * v2 write descriptions and comments in Jira's wiki markup; REST API v3 in the Atlassian Document
 * Format (a JSON tree). The conversion covers what most text uses — headings, lists, code and quote
 * blocks, tables, links, mentions, bold, monospace — and leaves the rest as it is (still readable).
 */

/** `{code}`, `{code:java}`, `{noformat}` opening a block: its kind, parameters and what follows on the line. */
function codeOpen(line: string): { kind: string; params: string; rest: string } | null {
  const kind = line.startsWith('{code') ? 'code' : line.startsWith('{noformat') ? 'noformat' : null;
  if (kind === null) return null;
  const end = line.indexOf('}');
  const head = line.slice(kind.length + 1, end);
  if (end < 0 || end > 200 || (head !== '' && !head.startsWith(':'))) return null;
  return { kind, params: head.slice(1), rest: line.slice(end + 1) };
}
const HEADING = /^h([1-6])\. (.*)$/;
const LIST_ITEM = /^([*#]{1,6}) (.*)$/;

/** `{code:java}` → `java`; `{code:title=A.java|borderStyle=solid}` → ''. */
function codeLanguage(params: string | undefined): string {
  const first = (params ?? '').split('|')[0] ?? '';
  return first.includes('=') ? '' : first.trim().replace(/[^\w+#.-]/g, '');
}

/** Inline markup of one line (outside code blocks). */
function inline(line: string): string {
  return (
    line
      // {{monospace}}
      .replace(/\{\{([^{}\n]{1,1000})\}\}/g, '`$1`')
      // [text|url], [url], [~username] / [~accountid:…]
      .replace(/\[([^[\]|\n]{1,500})\|([^[\]|\n]{1,2000})\]/g, '[$1]($2)')
      .replace(/\[~(?:accountid:)?([^[\]\n]{1,255})\]/g, '@$1')
      .replace(/\[((?:https?|mailto):[^[\]\s]{1,2000})\]/g, '<$1>')
      // *bold* (not a list marker: those are handled before), -strike-, {color:…}…{color}
      .replace(/(^|[\s(])\*([^*\s][^*\n]{0,1000}?)\*(?=$|[\s).,:;!?])/g, '$1**$2**')
      .replace(/(^|[\s(])-([^-\s][^-\n]{0,1000}?)-(?=$|[\s).,:;!?])/g, '$1~~$2~~')
      .replace(/\{color:[^}]{0,50}\}/g, '')
      .replace(/\{color\}/g, '')
  );
}

/** A wiki table row (`||head||head||` or `|cell|cell|`) as a Markdown one; null when the line is none. */
function tableRow(line: string): { cells: string[]; header: boolean } | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || trimmed.length < 2) return null;
  const header = trimmed.startsWith('||');
  const cells = trimmed
    .replace(/^\|{1,2}/, '')
    .replace(/\|{1,2}$/, '')
    .split(header ? '||' : '|')
    .map((cell) => inline(cell.trim()));
  return { cells, header };
}

/**
 * Jira wiki markup as Markdown: `h1.`–`h6.` headings, `*`/`#` lists (nested by repetition),
 * `{code}`/`{code:lang}`/`{noformat}` blocks, `{quote}` blocks and `bq.` lines, `||`/`|` tables,
 * `[text|url]` links, `[~user]` mentions, `*bold*`, `-strike-`, `{{monospace}}`; colours dropped.
 */
export function jiraWikiToMarkdown(text: string): string {
  const out: string[] = [];
  let inCode: string | null = null;
  let inQuote = false;
  let tableColumns = 0;
  for (const raw of text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n')) {
    if (inCode !== null) {
      const tag = `{${inCode}}`;
      const close = raw.indexOf(tag);
      if (close < 0) {
        out.push(raw);
        continue;
      }
      if (close > 0) out.push(raw.slice(0, close));
      out.push('```');
      inCode = null;
      const rest = raw.slice(close + tag.length).trim();
      if (rest !== '') out.push(inline(rest));
      continue;
    }
    const code = codeOpen(raw.trim());
    if (code) {
      const { kind, rest } = code;
      out.push(`\`\`\`${kind === 'code' ? codeLanguage(code.params) : ''}`);
      const close = rest.indexOf(`{${kind}}`);
      if (close >= 0) {
        if (close > 0) out.push(rest.slice(0, close));
        out.push('```');
      } else {
        if (rest !== '') out.push(rest);
        inCode = kind;
      }
      continue;
    }
    if (raw.trim() === '{quote}') {
      inQuote = !inQuote;
      continue;
    }
    const row = tableRow(raw);
    if (row) {
      out.push(`| ${row.cells.join(' | ')} |`);
      if (row.header) {
        out.push(`|${' --- |'.repeat(row.cells.length)}`);
        tableColumns = row.cells.length;
      } else if (tableColumns === 0) {
        // A table without a header row: Markdown needs one, so an empty one goes first.
        out.splice(out.length - 1, 0, `|${'   |'.repeat(row.cells.length)}`, `|${' --- |'.repeat(row.cells.length)}`);
        tableColumns = row.cells.length;
      }
      continue;
    }
    tableColumns = 0;
    let line: string;
    const heading = HEADING.exec(raw);
    const item = LIST_ITEM.exec(raw);
    if (heading) line = `${'#'.repeat(Number(heading[1]))} ${inline(heading[2] ?? '')}`;
    else if (raw.startsWith('bq. ')) line = `> ${inline(raw.slice(4))}`;
    else if (item) {
      const marks = item[1] ?? '*';
      const indent = '  '.repeat(marks.length - 1);
      line = `${indent}${marks.endsWith('#') ? '1.' : '-'} ${inline(item[2] ?? '')}`;
    } else if (raw.trim() === '----') line = '---';
    else line = inline(raw);
    out.push(inQuote ? `> ${line}` : line);
  }
  if (inCode !== null) out.push('```');
  return out.join('\n');
}

/** An Atlassian Document Format node (REST API v3's rich text), as far as the conversion reads it. */
export interface AdfNode {
  type?: string;
  text?: string;
  content?: AdfNode[];
  attrs?: Record<string, unknown>;
  marks?: Array<{ type?: string; attrs?: Record<string, unknown> }>;
}

function adfInline(node: AdfNode): string {
  if (node.type === 'text') {
    let text = node.text ?? '';
    for (const mark of node.marks ?? []) {
      if (mark.type === 'strong') text = `**${text}**`;
      else if (mark.type === 'em') text = `_${text}_`;
      else if (mark.type === 'code') text = `\`${text}\``;
      else if (mark.type === 'strike') text = `~~${text}~~`;
      else if (mark.type === 'link' && typeof mark.attrs?.href === 'string') text = `[${text}](${mark.attrs.href})`;
    }
    return text;
  }
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'mention') return String(node.attrs?.text ?? '@someone');
  if (node.type === 'emoji') return String(node.attrs?.text ?? node.attrs?.shortName ?? '');
  if (node.type === 'inlineCard') return String(node.attrs?.url ?? '');
  return (node.content ?? []).map(adfInline).join('');
}

function adfBlock(node: AdfNode, depth: number, indent: string): string[] {
  if (depth > 50) return [];
  const children = node.content ?? [];
  switch (node.type) {
    case 'doc':
      return children.flatMap((child) => [...adfBlock(child, depth + 1, indent), '']).slice(0, -1);
    case 'paragraph':
      return [indent + adfInline(node)];
    case 'heading':
      return [`${'#'.repeat(Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 6))} ${adfInline(node)}`];
    case 'codeBlock':
      return [`\`\`\`${String(node.attrs?.language ?? '')}`, children.map((c) => c.text ?? '').join(''), '```'];
    case 'blockquote':
      return children.flatMap((child) => adfBlock(child, depth + 1, indent)).map((line) => `> ${line}`);
    case 'rule':
      return ['---'];
    case 'bulletList':
    case 'orderedList':
      return children.flatMap((item) => {
        const [first = '', ...rest] = (item.content ?? []).flatMap((c) => adfBlock(c, depth + 1, `${indent}  `));
        const mark = node.type === 'bulletList' ? '-' : '1.';
        return [`${indent}${mark} ${first.trimStart()}`, ...rest];
      });
    case 'table':
      return children.flatMap((tableRowNode, i) => {
        const cells = (tableRowNode.content ?? []).map((cell) =>
          (cell.content ?? []).map(adfInline).join(' ').replaceAll('\n', ' '),
        );
        const line = `| ${cells.join(' | ')} |`;
        return i === 0 ? [line, `|${' --- |'.repeat(cells.length)}`] : [line];
      });
    default:
      return children.length > 0 ? children.flatMap((child) => adfBlock(child, depth + 1, indent)) : [adfInline(node)];
  }
}

/** A REST API v3 rich text (Atlassian Document Format) as Markdown. */
export function adfToMarkdown(doc: AdfNode): string {
  return adfBlock(doc, 0, '').join('\n').trim();
}

/** What the footer of an imported item's description says of where it came from. */
export interface JiraFooter {
  key: string;
  /** The page in Jira (`https://x.atlassian.net/browse/MER-1`) when the file tells the site. */
  url: string | null;
  resolution: string | null;
  /** Fix versions past the first (which became the milestone). */
  otherFixVersions: readonly string[];
  /** Sprints before the last (which became the `sprint::` label). */
  earlierSprints: readonly string[];
  components: readonly string[];
}

/**
 * The description's footer: the Jira key (a link when the site is known), and what Meridian has no
 * field for. Appended after a rule, so the description above stays as Jira had it.
 */
export function jiraFooter(f: JiraFooter): string {
  const key = f.url ? `[${f.key}](${f.url})` : f.key;
  const lines = [`_Imported from Jira: ${key}_`];
  if (f.resolution) lines.push(`- Resolution: ${f.resolution}`);
  if (f.components.length > 0) lines.push(`- Components: ${f.components.join(', ')}`);
  if (f.otherFixVersions.length > 0) lines.push(`- Also fixed in: ${f.otherFixVersions.join(', ')}`);
  if (f.earlierSprints.length > 0) lines.push(`- Earlier sprints: ${f.earlierSprints.join(', ')}`);
  return lines.join('\n');
}

/** A description with the footer after a rule (only the footer when there is no description). */
export function withJiraFooter(description: string, footer: string): string {
  const body = description.trimEnd();
  return body === '' ? footer : `${body}\n\n---\n\n${footer}`;
}

const FOOTER_START = '_Imported from Jira: ';

/**
 * An imported description with one more attachment's link (`[name](/uploads/…)`) as a paragraph of its
 * own: after the text and the links before it, above the footer's rule (`withJiraFooter`); when the
 * description is the footer alone, before it.
 */
export function withJiraAttachmentLink(description: string, link: string): string {
  const ruled = description.lastIndexOf(`\n\n---\n\n${FOOTER_START}`);
  if (ruled >= 0) return `${description.slice(0, ruled)}\n\n${link}${description.slice(ruled)}`;
  if (description.startsWith(FOOTER_START)) return `${link}\n\n---\n\n${description}`;
  const body = description.trimEnd();
  return body === '' ? link : `${body}\n\n${link}`;
}

/** A Jira image's parameters (`!name|thumbnail!`, `!name|width=300,alt="x"!`) are short and on one line. */
const MAX_IMAGE_PARAMS = 200;

/**
 * Jira's inline markup for one attached file — `!name!` and `!name|thumbnail!` (the image shown in the
 * text), `[^name]` (a link to the file) — each replaced by the file's link here (`link`, the upload's
 * Markdown); null when the text names the file nowhere (its link then goes below the text,
 * `withJiraAttachmentLink`). Plain string search: the name is the file's, not a pattern.
 */
export function withJiraAttachmentInline(description: string, filename: string, link: string): string | null {
  if (filename === '') return null;
  let out = '';
  let from = 0;
  let found = false;
  for (let at = description.indexOf(filename, from); at >= 0; at = description.indexOf(filename, from)) {
    const before = description[at - 1];
    const after = at + filename.length;
    let end = -1;
    if (before === '!' && description[after] === '!') end = after + 1;
    else if (before === '!' && description[after] === '|') {
      const close = description.indexOf('!', after);
      const params = close < 0 ? '' : description.slice(after, close);
      if (close >= 0 && params.length <= MAX_IMAGE_PARAMS && !params.includes('\n')) end = close + 1;
    } else if (before === '^' && description[at - 2] === '[' && description[after] === ']') end = after + 1;
    if (end < 0) {
      out += description.slice(from, after);
      from = after;
      continue;
    }
    const start = before === '^' ? at - 2 : at - 1;
    out += description.slice(from, start) + link;
    from = end;
    found = true;
  }
  return found ? out + description.slice(from) : null;
}
