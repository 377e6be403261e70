/** A task-list item's line: its list marker, then `[ ]` or `[x]` (GitLab Flavored Markdown). */
const TASK_ITEM = /^(\s*(?:[-*+]|\d{1,9}[.)])\s+)\[([ xX])\]/;
const FENCE = /^\s*(```|~~~)/;

/**
 * The description with its `index`-th task item (0-based, in document order, as the rendered
 * checkboxes are) ticked or unticked; null when there is no such item. Items in fenced code blocks
 * are not tasks and are skipped, as the renderer skips them.
 */
export function setTaskItem(markdown: string, index: number, checked: boolean): string | null {
  const lines = markdown.split('\n');
  let seen = 0;
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const match = TASK_ITEM.exec(line);
    if (!match) continue;
    if (seen === index) {
      const prefix = match[1] as string;
      lines[i] = `${prefix}[${checked ? 'x' : ' '}]${line.slice(match[0].length)}`;
      return lines.join('\n');
    }
    seen++;
  }
  return null;
}
