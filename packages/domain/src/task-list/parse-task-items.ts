/**
 * The list items of a Markdown text, found line by line as CommonMark nests them: by each item's
 * content column, with lazy paragraph continuation, and nothing inside fenced code. Task items
 * (`- [ ] text`, `1. [x] text`) are numbered in document order, the order the rendered checkboxes
 * have, so the page's N-th checkbox is `tasks[N]`. Lists inside block quotes (`> - [ ] a`) are found
 * in the quoted text; a change of quote depth ends the lists open before it.
 */

export interface ListItem {
  /** The marker line (0-based). */
  line: number;
  /** The last non-blank line of the item, nested items included. */
  end: number;
  /** The lines that are the item's own text (the marker line first), not its nested items'. */
  ownLines: number[];
  /** The marker's column and the column where the item's text starts. */
  indent: number;
  contentIndent: number;
  /** Items with the same list id are siblings in one list. */
  listId: number;
  /** The ordered list number, or null for a bullet. */
  number: number | null;
  /** The task's index among all task items, or null for a plain item. */
  taskIndex: number | null;
  checked: boolean;
  /** The task's text after its checkbox on the marker line, trimmed. */
  text: string;
}

export interface ParsedList {
  lines: string[];
  /** The line ending the text uses (`\r\n` when it has any), for joining `lines` back. */
  eol: string;
  items: ListItem[];
  /** `items` that are tasks, indexed by taskIndex. */
  tasks: ListItem[];
}

const TAB_WIDTH = 4;
const MAX_ORDERED_DIGITS = 9;

/** The width of the line's leading whitespace (tabs to the next multiple of 4) and its length in characters. */
export function leadingWhitespace(line: string): { width: number; length: number } {
  let width = 0;
  let length = 0;
  for (const char of line) {
    if (char === ' ') width += 1;
    else if (char === '\t') width += TAB_WIDTH - (width % TAB_WIDTH);
    else break;
    length += 1;
  }
  return { width, length };
}

/**
 * A line's block-quote markers (`> > `, each after at most three spaces) and the text inside them.
 * Within the `openDepth` quotes open on the line before, a marker may be indented further: the
 * renderer (markdown-it) goes on with an open quote whatever the marker's indentation.
 */
export function splitQuote(line: string, openDepth = 0): { prefix: string; body: string; depth: number } {
  let at = 0;
  let depth = 0;
  for (;;) {
    const limit = depth < openDepth ? Number.POSITIVE_INFINITY : 3;
    let spaces = 0;
    while (spaces <= limit && line[at + spaces] === ' ') spaces += 1;
    if (spaces > limit || line[at + spaces] !== '>') break;
    at += spaces + 1;
    if (line[at] === ' ' || line[at] === '\t') at += 1;
    depth += 1;
  }
  return { prefix: line.slice(0, at), body: line.slice(at), depth };
}

interface Marker {
  /** `-`, `*`, `+` for bullets; `.` or `)` for ordered lists (lists change with the character). */
  kind: string;
  number: number | null;
  contentIndent: number;
  /** Where the item's text starts in the line (characters). */
  contentStart: number;
}

function listMarker(line: string): Marker | null {
  const { width, length } = leadingWhitespace(line);
  let at = length;
  const first = line[at];
  let kind: string;
  let number: number | null = null;
  if (first === '-' || first === '*' || first === '+') {
    kind = first;
    at += 1;
  } else {
    let digits = 0;
    while (digits < MAX_ORDERED_DIGITS && isDigit(line[at + digits])) digits += 1;
    const delimiter = line[at + digits];
    if (digits === 0 || (delimiter !== '.' && delimiter !== ')')) return null;
    number = Number(line.slice(at, at + digits));
    kind = delimiter;
    at += digits + 1;
  }
  const markerWidth = at - length;
  if (at === line.length) return { kind, number, contentIndent: width + markerWidth + 1, contentStart: at };
  let spaces = 0;
  while (line[at + spaces] === ' ' || line[at + spaces] === '\t') spaces += 1;
  if (spaces === 0) return null;
  if (at + spaces === line.length)
    return { kind, number, contentIndent: width + markerWidth + 1, contentStart: at + 1 };
  // Five or more spaces: the text is indented code, and the content column is one past the marker.
  const used = spaces > TAB_WIDTH ? 1 : spaces;
  return { kind, number, contentIndent: width + markerWidth + used, contentStart: at + used };
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** `[ ] text` or `[x] text` at the start of an item's text (GFM: whitespace after the box, then text). */
function taskBox(content: string): { checked: boolean; text: string } | null {
  if (content[0] !== '[' || content[2] !== ']') return null;
  const mark = content[1];
  if (mark !== ' ' && mark !== 'x' && mark !== 'X') return null;
  const after = content[3];
  if (after !== ' ' && after !== '\t') return null;
  const text = content.slice(4).trim();
  return text ? { checked: mark !== ' ', text } : null;
}

/** An opening code fence: three or more backticks or tildes. */
function fenceOpening(line: string): { char: string; length: number } | null {
  const { width, length } = leadingWhitespace(line);
  return fenceAt(line, length, width);
}

function fenceAt(line: string, start: number, indentWidth = 0): { char: string; length: number } | null {
  const char = line[start];
  if (indentWidth > 3 && start === leadingWhitespace(line).length) return null;
  if (char !== '`' && char !== '~') return null;
  let run = 0;
  while (line[start + run] === char) run += 1;
  if (run < 3) return null;
  // A backtick fence's info string may not hold a backtick.
  if (char === '`' && line.slice(start + run).includes('`')) return null;
  return { char, length: run };
}

function closesFence(line: string, fence: { char: string; length: number }): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length) return false;
  for (const char of trimmed) if (char !== fence.char) return false;
  return true;
}

function isThematicBreak(trimmed: string): boolean {
  const chars = trimmed.replaceAll(' ', '').replaceAll('\t', '');
  if (chars.length < 3) return false;
  const first = chars[0];
  if (first !== '-' && first !== '*' && first !== '_') return false;
  for (const char of chars) if (char !== first) return false;
  return true;
}

/** A line that starts its own block, so it cannot continue a paragraph lazily. */
function startsBlock(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith('#') || trimmed.startsWith('>') || fenceOpening(line) !== null || isThematicBreak(trimmed);
}

interface Open {
  item: ListItem | null;
  contentIndent: number;
  /** The list this entry's latest child item is in, while the next item may still join it. */
  childList: { id: number; kind: string } | null;
}

/** Splits `markdown` into lines and finds its list items (see the module comment). */
export function parseListItems(markdown: string): ParsedList {
  const eol = markdown.includes('\r\n') ? '\r\n' : '\n';
  const lines = markdown.split(/\r?\n/);
  const items: ListItem[] = [];
  const tasks: ListItem[] = [];
  const root: Open = { item: null, contentIndent: 0, childList: null };
  const stack: Open[] = [root];
  let nextListId = 0;
  let fence: { char: string; length: number } | null = null;
  let previousIsParagraph = false;

  const top = () => stack[stack.length - 1] as Open;
  /** The line belongs to the innermost open item: it and its ancestors now end here. */
  const attach = (line: number) => {
    const owner = top().item;
    if (owner) owner.ownLines.push(line);
    for (const open of stack) if (open.item) open.item.end = line;
  };
  const popWhile = (keep: (open: Open) => boolean) => {
    while (stack.length > 1 && !keep(top())) stack.pop();
  };

  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const quote = splitQuote(lines[i] as string, depth);
    const line = quote.body;
    const blank = line.trim() === '';
    if (quote.depth !== depth) {
      // A quoted paragraph may go on without its `>` (lazy continuation); anything else is a new container.
      const lazy = quote.depth < depth && previousIsParagraph && !blank && !startsBlock(line) && !listMarker(line);
      if (lazy) {
        attach(i);
        continue;
      }
      depth = quote.depth;
      stack.length = 1;
      root.childList = null;
      fence = null;
      previousIsParagraph = false;
    }
    if (fence) {
      if (!blank) attach(i);
      if (closesFence(line, fence)) fence = null;
      previousIsParagraph = false;
      continue;
    }
    if (blank) {
      previousIsParagraph = false;
      continue;
    }
    const { width } = leadingWhitespace(line);
    // Four columns past the open item's text, a marker is indented code; `* * *` is a rule.
    const marker = width < top().contentIndent + TAB_WIDTH && !isThematicBreak(line.trim()) ? listMarker(line) : null;
    if (marker) {
      popWhile((open) => width >= open.contentIndent);
      const parent = top();
      const sameList = parent.childList !== null && parent.childList.kind === marker.kind;
      const listId = sameList && parent.childList ? parent.childList.id : nextListId++;
      parent.childList = { id: listId, kind: marker.kind };
      const box = taskBox(line.slice(marker.contentStart));
      const item: ListItem = {
        line: i,
        end: i,
        ownLines: [],
        indent: width,
        contentIndent: marker.contentIndent,
        listId,
        number: marker.number,
        taskIndex: box ? tasks.length : null,
        checked: box?.checked ?? false,
        text: box?.text ?? '',
      };
      items.push(item);
      if (box) tasks.push(item);
      stack.push({ item, contentIndent: marker.contentIndent, childList: null });
      attach(i);
      fence = fenceAt(line, marker.contentStart);
      previousIsParagraph = fence === null && !startsBlock(line.slice(marker.contentStart));
      continue;
    }
    const inside = stack.some((open) => open.item !== null && width >= open.contentIndent);
    if (inside) {
      popWhile((open) => width >= open.contentIndent);
      top().childList = null;
      attach(i);
    } else if (previousIsParagraph && stack.length > 1 && !startsBlock(line)) {
      attach(i); // lazy continuation of the open item's paragraph
    } else {
      stack.length = 1;
      root.childList = null;
    }
    fence = fenceOpening(line);
    previousIsParagraph = fence === null && !startsBlock(line);
  }
  return { lines, eol, items, tasks };
}

/** The task items of `markdown`, in document order. */
export function parseTaskItems(markdown: string): ListItem[] {
  return parseListItems(markdown).tasks;
}

/** The task indices of the tasks in the same list as task `index` (itself included), in order. */
export function taskSiblings(markdown: string, index: number): number[] {
  const { tasks } = parseListItems(markdown);
  const task = tasks[index];
  if (!task) return [];
  return tasks.filter((other) => other.listId === task.listId).map((other) => other.taskIndex as number);
}
