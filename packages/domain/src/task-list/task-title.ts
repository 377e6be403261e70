/** GitLab's maximum title length (Issuable::TITLE_LENGTH_MAX). */
export const TASK_TITLE_MAX = 255;
export const UNTITLED_TASK = 'Untitled';

/** Only an inline code span, or one or more images. */
function onlyCodeOrImage(text: string): boolean {
  if (text.startsWith('`')) {
    let run = 0;
    while (text[run] === '`') run += 1;
    const fence = '`'.repeat(run);
    return text.length > run * 2 && text.endsWith(fence) && !text.slice(run, -run).includes(fence);
  }
  let rest = text;
  while (rest.startsWith('![')) {
    const close = rest.indexOf('](');
    const end = close < 0 ? -1 : rest.indexOf(')', close + 2);
    if (end < 0) return false;
    rest = rest.slice(end + 1).trimStart();
  }
  return rest === '' && text !== '';
}

const paragraphs = (...parts: string[]) => parts.filter((part) => part !== '').join('\n\n');

/**
 * IE §5 "Task conversion title": a title longer than the maximum is cut there and the rest opens the
 * description; a line that is only code or an image becomes the description under the title 'Untitled'.
 */
export function taskTitleAndDescription(line: string, description: string): { title: string; description: string } {
  const text = line.trim();
  // A fence's opening line and its body stay one block.
  if (text.startsWith('```') || text.startsWith('~~~')) {
    return { title: UNTITLED_TASK, description: description ? `${text}\n${description}` : text };
  }
  if (onlyCodeOrImage(text)) return { title: UNTITLED_TASK, description: paragraphs(text, description) };
  const chars = Array.from(text);
  if (chars.length <= TASK_TITLE_MAX) return { title: text, description };
  return {
    title: chars.slice(0, TASK_TITLE_MAX).join(''),
    description: paragraphs(chars.slice(TASK_TITLE_MAX).join(''), description),
  };
}
