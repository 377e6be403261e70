/**
 * The Markdown editor's formatting actions (IE §9 editing shortcuts and the toolbar), as pure text
 * edits: given the text and the selection, the new text and the selection to restore.
 */
export interface TextSelection {
  text: string;
  start: number;
  end: number;
}

export type MarkdownFormat =
  | 'bold'
  | 'italic'
  | 'strikethrough'
  | 'code'
  | 'link'
  | 'quote'
  | 'bulletList'
  | 'numberedList'
  | 'taskList'
  | 'indent'
  | 'outdent';

const WRAPS = { bold: '**', italic: '_', strikethrough: '~~', code: '`' } as const;
const LINE_PREFIXES = { quote: '> ', bulletList: '- ', numberedList: '1. ', taskList: '- [ ] ' } as const;
const INDENT = '  ';

/** Wraps the selection in `marker`, or unwraps it when it is wrapped already (inside or just around). */
function toggleWrap({ text, start, end }: TextSelection, marker: string): TextSelection {
  const selected = text.slice(start, end);
  const n = marker.length;
  if (selected.length >= 2 * n && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(n, -n);
    return { text: text.slice(0, start) + inner + text.slice(end), start, end: start + inner.length };
  }
  if (text.slice(start - n, start) === marker && text.slice(end, end + n) === marker) {
    return { text: text.slice(0, start - n) + selected + text.slice(end + n), start: start - n, end: end - n };
  }
  return { text: text.slice(0, start) + marker + selected + marker + text.slice(end), start: start + n, end: end + n };
}

/** A code block when the selection spans lines (GitLab's toolbar does the same). */
function code(selection: TextSelection): TextSelection {
  const selected = selection.text.slice(selection.start, selection.end);
  if (!selected.includes('\n')) return toggleWrap(selection, WRAPS.code);
  const block = `\`\`\`\n${selected}\n\`\`\``;
  const { text, start, end } = selection;
  return { text: text.slice(0, start) + block + text.slice(end), start: start + 4, end: start + 4 + selected.length };
}

/** `[selection](url)` with `url` selected, ready to be typed over. */
function link({ text, start, end }: TextSelection): TextSelection {
  const label = text.slice(start, end);
  const inserted = `[${label}](url)`;
  const urlStart = start + label.length + 3;
  return { text: text.slice(0, start) + inserted + text.slice(end), start: urlStart, end: urlStart + 3 };
}

/** The start of the line holding `index`, and the end of the line holding `end`. */
function lineBounds(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  return [from, newline === -1 ? text.length : newline];
}

/** Rewrites every line the selection touches; the selection then covers those whole lines. */
function mapLines(selection: TextSelection, map: (line: string) => string): TextSelection {
  const { text } = selection;
  const [from, to] = lineBounds(text, selection.start, selection.end);
  const lines = text.slice(from, to).split('\n').map(map).join('\n');
  return { text: text.slice(0, from) + lines + text.slice(to), start: from, end: from + lines.length };
}

function toggleLinePrefix(selection: TextSelection, prefix: string): TextSelection {
  const [from, to] = lineBounds(selection.text, selection.start, selection.end);
  const lines = selection.text.slice(from, to).split('\n');
  const allPrefixed = lines.every((line) => line.startsWith(prefix));
  return mapLines(selection, (line) => (allPrefixed ? line.slice(prefix.length) : prefix + line));
}

export function formatMarkdown(selection: TextSelection, format: MarkdownFormat): TextSelection {
  switch (format) {
    case 'bold':
    case 'italic':
    case 'strikethrough':
      return toggleWrap(selection, WRAPS[format]);
    case 'code':
      return code(selection);
    case 'link':
      return link(selection);
    case 'quote':
    case 'bulletList':
    case 'numberedList':
    case 'taskList':
      return toggleLinePrefix(selection, LINE_PREFIXES[format]);
    case 'indent':
      return mapLines(selection, (line) => INDENT + line);
    case 'outdent':
      return mapLines(selection, (line) => (line.startsWith(INDENT) ? line.slice(INDENT.length) : line.trimStart()));
  }
}

/** IE §9's editing shortcuts (mod is Ctrl, or ⌘ on a Mac); null when the keys are not one of them. */
export function markdownShortcut(key: string, mod: boolean, shift: boolean): MarkdownFormat | null {
  if (!mod) return null;
  const k = key.toLowerCase();
  if (shift) return k === 'x' ? 'strikethrough' : null;
  if (k === 'b') return 'bold';
  if (k === 'i') return 'italic';
  if (k === 'k') return 'link';
  if (k === ']') return 'indent';
  if (k === '[') return 'outdent';
  return null;
}
