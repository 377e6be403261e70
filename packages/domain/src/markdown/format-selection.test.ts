import { describe, expect, it } from 'vitest';
import { formatMarkdown, type MarkdownFormat, markdownShortcut, type TextSelection } from './format-selection';

/** « and » mark the selection: 'a «b» c' is the text 'a b c' with 'b' selected. */
function parse(marked: string): TextSelection {
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  return { text: marked.replace('«', '').replace('»', ''), start, end };
}
const show = ({ text, start, end }: TextSelection) =>
  `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;

describe('formatMarkdown', () => {
  it.each<[MarkdownFormat, string, string]>([
    ['bold', 'a «word» b', 'a **«word»** b'],
    ['bold', 'a **«word»** b', 'a «word» b'],
    ['bold', 'a «**word**» b', 'a «word» b'],
    ['bold', '«»', '**«»**'],
    ['italic', '«word»', '_«word»_'],
    ['strikethrough', '«gone»', '~~«gone»~~'],
    ['code', 'run «npm ci» now', 'run `«npm ci»` now'],
    ['code', '«a\nb»', '```\n«a\nb»\n```'],
    ['link', 'see «docs»', 'see [docs](«url»)'],
    ['link', '«»', '[](«url»)'],
    ['quote', 'x\n«one\ntwo»', 'x\n«> one\n> two»'],
    ['quote', '«> one\n> two»', '«one\ntwo»'],
    ['bulletList', 'ab«c»d', '«- abcd»'],
    ['numberedList', '«a»', '«1. a»'],
    ['taskList', '«a\nb»', '«- [ ] a\n- [ ] b»'],
    ['taskList', '«- [ ] a»', '«a»'],
    ['indent', '«- a\n- b»', '«  - a\n  - b»'],
    ['outdent', '«  - a\n    - b»', '«- a\n  - b»'],
    ['outdent', '« x»', '«x»'],
  ])('%s: %j → %j', (format, before, after) => {
    expect(show(formatMarkdown(parse(before), format))).toBe(after);
  });
});

describe('markdownShortcut', () => {
  it.each<[string, boolean, boolean, MarkdownFormat | null]>([
    ['b', true, false, 'bold'],
    ['B', true, false, 'bold'],
    ['i', true, false, 'italic'],
    ['k', true, false, 'link'],
    ['x', true, true, 'strikethrough'],
    [']', true, false, 'indent'],
    ['[', true, false, 'outdent'],
    ['b', false, false, null],
    ['x', true, false, null],
    ['b', true, true, null],
  ])('%s mod=%s shift=%s → %s', (key, mod, shift, expected) => {
    expect(markdownShortcut(key, mod, shift)).toBe(expected);
  });
});
