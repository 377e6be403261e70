import { describe, expect, it } from 'vitest';
import { parseListItems, parseTaskItems } from './parse-task-items';

const summary = (markdown: string) =>
  parseTaskItems(markdown).map((t) => `${t.text}@${t.line}-${t.end} list${t.listId}${t.checked ? ' x' : ''}`);

describe('parseTaskItems', () => {
  it.each<[string, string, string[]]>([
    ['a flat list', '- [ ] a\n- [x] b', ['a@0-0 list0', 'b@1-1 list0 x']],
    [
      'bullets of each kind are separate lists',
      '- [ ] a\n* [ ] b\n+ [ ] c',
      ['a@0-0 list0', 'b@1-1 list1', 'c@2-2 list2'],
    ],
    [
      'ordered lists, both delimiters',
      '1. [ ] one\n2. [X] two\n3) [ ] three',
      ['one@0-0 list0', 'two@1-1 list0 x', 'three@2-2 list1'],
    ],
    [
      'nested items belong to their parent, which ends after them',
      '- [ ] a\n  - [ ] a1\n  - [ ] a2\n- [ ] b',
      ['a@0-2 list0', 'a1@1-1 list1', 'a2@2-2 list1', 'b@3-3 list0'],
    ],
    ['multi-line items (indented and lazy)', '- [ ] a\n  more\nlazy\n- [ ] b', ['a@0-2 list0', 'b@3-3 list0']],
    [
      'a loose list stays one list; trailing blanks are not the item’s',
      '- [ ] a\n\n- [ ] b\n\n',
      ['a@0-0 list0', 'b@2-2 list0'],
    ],
    ['a paragraph ends the list', '- [ ] a\n\ntext\n\n- [ ] b', ['a@0-0 list0', 'b@4-4 list1']],
    ['code fences hold no tasks', '```\n- [ ] no\n```\n- [ ] yes\n~~~md\n- [ ] no\n~~~', ['yes@3-3 list0']],
    [
      'a fence inside an item is the item’s',
      '- [ ] a\n  ```\n  - [ ] no\n  ```\n- [ ] b',
      ['a@0-3 list0', 'b@4-4 list0'],
    ],
    ['CRLF line endings', '- [ ] a\r\n- [ ] b\r\n', ['a@0-0 list0', 'b@1-1 list0']],
    ['not tasks: no space, no text, no marker space', '- [ ]\n- [x]b\n-[ ] c\n- [y] d', []],
    ['indented code is not a list', '    - [ ] code', []],
    ['plain items count for nesting but are not tasks', '- plain\n  - [ ] child', ['child@1-1 list1']],
    ['tabs indent like four spaces', '- [ ] a\n\t- [ ] a1', ['a@0-1 list0', 'a1@1-1 list1']],
    [
      'an open quote goes on with its marker indented four spaces (as the renderer reads it)',
      '   > - [ ] a\n    > - [ ] b',
      ['a@0-0 list0', 'b@1-1 list0'],
    ],
  ])('%s', (_name, markdown, expected) => {
    expect(summary(markdown)).toEqual(expected);
  });

  it('keeps the line ending it found', () => {
    expect(parseListItems('a\r\nb').eol).toBe('\r\n');
    expect(parseListItems('a\nb').eol).toBe('\n');
  });

  it('separates an item’s own lines from its nested items’', () => {
    const [a] = parseTaskItems('- [ ] a\n  text\n  - [ ] a1\n    a1 text');
    expect(a?.ownLines).toEqual([0, 1]);
    expect(a?.end).toBe(3);
  });
});
