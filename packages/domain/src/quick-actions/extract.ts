import { type QuickActionName, quickActionName } from './commands';

/** One command line: the command, the alias typed, and its raw arguments (trimmed). */
export interface QuickActionCommand {
  name: QuickActionName;
  alias: string;
  args: string;
}

export interface ExtractedQuickActions {
  commands: QuickActionCommand[];
  /** The text without the command lines (leading and trailing blank lines dropped). */
  text: string;
}

/** Longer texts are not scanned (a description's limit). */
export const MAX_QUICK_ACTION_TEXT = 1_048_576;
/** A command line's arguments longer than this are no command: the line stays text. */
export const MAX_QUICK_ACTION_ARGS = 1_000;
/** Command lines after this many stay text. */
export const MAX_QUICK_ACTIONS = 50;

const NAME_CHAR = /^[A-Za-z_]$/;

/** `name` and arguments of a line that is exactly `/name args`, else null. */
function commandOf(line: string, accept: (name: QuickActionName) => boolean): QuickActionCommand | null {
  if (line[0] !== '/') return null;
  let end = 1;
  while (end < line.length && end <= 40 && NAME_CHAR.test(line[end] as string)) end += 1;
  if (end === 1) return null;
  const next = line[end];
  if (next !== undefined && next !== ' ' && next !== '\t') return null;
  const alias = line.slice(1, end);
  const name = quickActionName(alias);
  if (!name || !accept(name)) return null;
  const args = line.slice(end).trim();
  if (args.length > MAX_QUICK_ACTION_ARGS) return null;
  return { name, alias: alias.toLowerCase(), args };
}

/** The fence a line opens (``` or ~~~, three or more, up to three spaces in), else null. */
function fenceOf(line: string): string | null {
  let i = 0;
  while (i < 3 && line[i] === ' ') i += 1;
  const marker = line[i];
  if (marker !== '`' && marker !== '~') return null;
  let j = i;
  while (line[j] === marker) j += 1;
  if (j - i < 3) return null;
  // A backtick fence's info string may not contain a backtick (CommonMark).
  if (marker === '`' && line.indexOf('`', j) !== -1) return null;
  return line.slice(i, j);
}

function closesFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length || line.length - line.trimStart().length > 3) return false;
  for (const ch of trimmed) if (ch !== fence[0]) return false;
  return true;
}

function dropBlankEdges(lines: string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] as string).trim() === '') start += 1;
  while (end > start && (lines[end - 1] as string).trim() === '') end -= 1;
  return lines.slice(start, end).join('\n');
}

/**
 * GitLab's quick action extraction: a line that is exactly `/name args` (at the start of the line,
 * a known command) is a command; inside fenced code blocks and GitLab's `>>>` block quotes (and `>`
 * quote lines, which never start with `/`) it is text. Returns the commands in order and the text
 * without their lines. Linear in the text: one pass over its lines. `accept` narrows the commands
 * to those of the target (an epic knows fewer); other command lines stay text.
 * extractQuickActions('Hi\n/label ~bug') → { commands: [{ name: 'label', alias: 'label', args: '~bug' }], text: 'Hi' }
 */
export function extractQuickActions(
  input: string,
  accept: (name: QuickActionName) => boolean = () => true,
): ExtractedQuickActions {
  if (input.length > MAX_QUICK_ACTION_TEXT || !input.includes('/')) return { commands: [], text: input };
  const commands: QuickActionCommand[] = [];
  const kept: string[] = [];
  let fence: string | null = null;
  let quoteBlock = false;
  for (const raw of input.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      kept.push(line);
      continue;
    }
    if (quoteBlock) {
      if (line.trimEnd() === '>>>') quoteBlock = false;
      kept.push(line);
      continue;
    }
    const opening = fenceOf(line);
    if (opening !== null) {
      fence = opening;
      kept.push(line);
      continue;
    }
    if (line.startsWith('>>>')) {
      quoteBlock = true;
      kept.push(line);
      continue;
    }
    const command = commands.length < MAX_QUICK_ACTIONS ? commandOf(line, accept) : null;
    if (command) commands.push(command);
    else kept.push(line);
  }
  if (commands.length === 0) return { commands, text: input };
  return { commands, text: dropBlankEdges(kept) };
}
