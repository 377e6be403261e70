import { type ListItem, leadingWhitespace, type ParsedList, parseListItems, splitQuote } from './parse-task-items';

/*
 * Rewrites of a description's task list, by task index (the N-th rendered checkbox): tick, move
 * within its list, delete, replace with a reference. Each returns null when the index names no task
 * (the page then refetches instead of saving a guess).
 */

const join = (parsed: ParsedList, lines: string[]) => lines.join(parsed.eol);

/** Where a task line's checkbox `[` is: past its block-quote markers and indentation. */
function boxAt(line: string): number {
  const { prefix, body } = splitQuote(line);
  return line.indexOf('[', prefix.length + leadingWhitespace(body).length);
}

/** Task `index` of the description, its line and where that line's checkbox opens; null when there is none. */
function taskAt(markdown: string, index: number) {
  const parsed = parseListItems(markdown);
  const task = parsed.tasks[index];
  if (!task) return null;
  const line = parsed.lines[task.line] as string;
  return { parsed, task, line, box: boxAt(line) };
}

/** The description with its `index`-th task ticked or unticked. */
export function setTaskItem(markdown: string, index: number, checked: boolean): string | null {
  const at = taskAt(markdown, index);
  if (!at) return null;
  const { parsed, task, line, box } = at;
  const lines = [...parsed.lines];
  lines[task.line] = `${line.slice(0, box + 1)}${checked ? 'x' : ' '}${line.slice(box + 2)}`;
  return join(parsed, lines);
}

/**
 * The description with task `from` moved to where task `to` (a task of the same list) is: before it
 * when moving up, after it when moving down. Blank lines between the list's items stay where they
 * were (a loose list stays loose), and an ordered list is numbered again from its first number.
 * `index` is the moved task's index afterwards.
 */
export function moveTaskItem(markdown: string, from: number, to: number): { markdown: string; index: number } | null {
  const parsed = parseListItems(markdown);
  const moving = parsed.tasks[from];
  const target = parsed.tasks[to];
  if (!moving || !target || from === to || moving.listId !== target.listId) return null;
  const list = parsed.items.filter((item) => item.listId === moving.listId);
  const order = [...list];
  order.splice(order.indexOf(moving), 1);
  const at = order.indexOf(target);
  order.splice(from < to ? at + 1 : at, 0, moving);

  const first = list[0] as ListItem;
  const last = list[list.length - 1] as ListItem;
  const region: string[] = [];
  let movedLine = 0;
  order.forEach((item, position) => {
    const block = parsed.lines.slice(item.line, item.end + 1);
    if (first.number !== null) block[0] = renumber(block[0] as string, first.number + position);
    if (item === moving) movedLine = first.line + region.length;
    region.push(...block);
    const after = list[position];
    const next = list[position + 1];
    // The separator that followed the item at this position stays at this position.
    if (after && next) region.push(...parsed.lines.slice(after.end + 1, next.line));
  });
  const lines = [...parsed.lines];
  lines.splice(first.line, last.end + 1 - first.line, ...region);
  const text = join(parsed, lines);
  const index = parseListItems(text).tasks.findIndex((task) => task.line === movedLine);
  return { markdown: text, index };
}

function renumber(quoted: string, number: number): string {
  const { prefix, body: line } = splitQuote(quoted);
  const { length } = leadingWhitespace(line);
  let digits = 0;
  while (line[length + digits] !== undefined && /\d/.test(line[length + digits] as string)) digits += 1;
  return `${prefix}${line.slice(0, length)}${number}${line.slice(length + digits)}`;
}

/** Removes up to `width` columns of leading whitespace inside the line's block-quote markers, which stay. */
function outdent(quoted: string, width: number): string {
  const { prefix, body } = splitQuote(quoted);
  return `${prefix}${outdentText(body, width)}`;
}

function outdentText(line: string, width: number): string {
  let removed = 0;
  let at = 0;
  while (removed < width && (line[at] === ' ' || line[at] === '\t')) {
    removed += line[at] === '\t' ? 4 - (removed % 4) : 1;
    at += 1;
  }
  return line.slice(at);
}

/**
 * The description without task `index`'s own text; its nested items move up one level to where it
 * was (as GitLab's deleteTaskListItem keeps them).
 */
export function deleteTaskItem(markdown: string, index: number): string | null {
  const parsed = parseListItems(markdown);
  const task = parsed.tasks[index];
  if (!task) return null;
  const own = new Set(task.ownLines);
  const shift = task.contentIndent - task.indent;
  const kept: string[] = [];
  for (let i = task.line; i <= task.end; i++) {
    if (!own.has(i)) kept.push(outdent(parsed.lines[i] as string, shift));
  }
  while (kept.length > 0 && (kept[0] as string).trim() === '') kept.shift();
  const lines = [...parsed.lines];
  lines.splice(task.line, task.end + 1 - task.line, ...kept);
  // No blank line left at the top, nor two blank lines where one was.
  const at = task.line;
  const blankAt = (i: number) => lines[i] !== undefined && (lines[i] as string).trim() === '';
  if (kept.length === 0 && blankAt(at) && (at === 0 || blankAt(at - 1))) lines.splice(at, 1);
  return join(parsed, lines);
}

/** Task `index`'s text: its first line (the title to be), then the rest of its own lines, unindented. */
export function taskItemText(markdown: string, index: number): { title: string; description: string } | null {
  const parsed = parseListItems(markdown);
  const task = parsed.tasks[index];
  if (!task) return null;
  const rest: string[] = [];
  let previous = task.line;
  for (const i of task.ownLines.slice(1)) {
    // The blank lines between two paragraphs of the item are its own too.
    if (i > previous + 1) rest.push('');
    rest.push(outdentText(splitQuote(parsed.lines[i] as string).body, task.contentIndent));
    previous = i;
  }
  return { title: task.text, description: rest.join('\n').trim() };
}

/**
 * The description with task `index`'s text replaced by `reference` (`- [ ] #45+`): the checkbox and
 * the nested items stay, the rest of its own lines go (they became the new item's description).
 */
export function replaceTaskItemText(markdown: string, index: number, reference: string): string | null {
  const at = taskAt(markdown, index);
  if (!at) return null;
  const { parsed, task, line, box } = at;
  const own = new Set(task.ownLines.slice(1));
  const next: string[] = [];
  parsed.lines.forEach((text, i) => {
    if (i === task.line) next.push(`${line.slice(0, box + 4)}${reference}`);
    else if (!own.has(i)) next.push(text);
  });
  return join(parsed, next);
}
