import { describe, expect, it } from 'vitest';
import { deleteTaskItem, moveTaskItem, replaceTaskItemText, taskItemText } from './edit-task-items';
import { taskSiblings } from './parse-task-items';

describe('moveTaskItem', () => {
  it.each<[string, string, number, number, string | null, number?]>([
    ['down one', '- [ ] a\n- [ ] b\n- [ ] c', 0, 1, '- [ ] b\n- [ ] a\n- [ ] c', 1],
    ['up to the top', '- [ ] a\n- [ ] b\n- [ ] c', 2, 0, '- [ ] c\n- [ ] a\n- [ ] b', 0],
    ['down to the end', '- [ ] a\n- [ ] b\n- [ ] c', 0, 2, '- [ ] b\n- [ ] c\n- [ ] a', 2],
    [
      'with its nested items and continuation lines',
      '- [ ] a\n  more a\n  - [x] a1\n- [ ] b',
      0,
      2,
      '- [ ] b\n- [ ] a\n  more a\n  - [x] a1',
      1,
    ],
    [
      'a nested item within its own list',
      '- [ ] a\n  - [ ] a1\n  - [ ] a2\n- [ ] b',
      2,
      1,
      '- [ ] a\n  - [ ] a2\n  - [ ] a1\n- [ ] b',
      1,
    ],
    ['not across lists', '- [ ] a\n  - [ ] a1\n- [ ] b', 1, 2, null],
    ['not onto itself', '- [ ] a\n- [ ] b', 1, 1, null],
    ['not a missing task', '- [ ] a', 0, 3, null],
    ['a loose list keeps its blank lines', '- [ ] a\n\n- [ ] b\n\n- [ ] c', 2, 0, '- [ ] c\n\n- [ ] a\n\n- [ ] b', 0],
    [
      'ordered lists are numbered again',
      '1. [ ] one\n2. [ ] two\n3. [ ] three',
      2,
      0,
      '1. [ ] three\n2. [ ] one\n3. [ ] two',
      0,
    ],
    ['from their first number', '4) [ ] four\n5) [ ] five', 0, 1, '4) [ ] five\n5) [ ] four', 1],
    ['plain items of the list move aside', '- [ ] a\n- plain\n- [ ] b', 1, 0, '- [ ] b\n- [ ] a\n- plain', 0],
    [
      'code fences around are left alone',
      '```\n- [ ] x\n```\n- [ ] a\n- [ ] b',
      1,
      0,
      '```\n- [ ] x\n```\n- [ ] b\n- [ ] a',
      0,
    ],
    ['CRLF stays CRLF', '- [ ] a\r\n- [ ] b\r\n\r\ntext', 0, 1, '- [ ] b\r\n- [ ] a\r\n\r\ntext', 1],
  ])('%s', (_name, markdown, from, to, expected, index) => {
    const moved = moveTaskItem(markdown, from, to);
    expect(moved?.markdown ?? null).toBe(expected);
    if (index !== undefined) expect(moved?.index).toBe(index);
  });
});

describe('taskSiblings', () => {
  it('lists the tasks of the same list', () => {
    const text = '- [ ] a\n  - [ ] a1\n  - [ ] a2\n- [ ] b';
    expect(taskSiblings(text, 0)).toEqual([0, 3]);
    expect(taskSiblings(text, 2)).toEqual([1, 2]);
    expect(taskSiblings(text, 9)).toEqual([]);
  });
});

describe('deleteTaskItem', () => {
  it.each<[string, string, number, string | null]>([
    ['the first', '- [ ] a\n- [ ] b', 0, '- [ ] b'],
    ['the last', 'Intro\n\n- [ ] a\n- [ ] b', 1, 'Intro\n\n- [ ] a'],
    ['with its continuation lines', '- [ ] a\n  more\n- [ ] b', 0, '- [ ] b'],
    [
      'its nested items move up a level',
      '- [ ] a\n  - [ ] a1\n    - [ ] a2\n- [ ] b',
      0,
      '- [ ] a1\n  - [ ] a2\n- [ ] b',
    ],
    ['ordered nested items too', '1. [ ] a\n   1. [ ] a1\n2. [ ] b', 0, '1. [ ] a1\n2. [ ] b'],
    ['a nested one', '- [ ] a\n  - [ ] a1\n- [ ] b', 1, '- [ ] a\n- [ ] b'],
    ['no blank line doubled in a loose list', '- [ ] a\n\n- [ ] b\n\n- [ ] c', 1, '- [ ] a\n\n- [ ] c'],
    ['no blank line left on top', '- [ ] a\n\n- [ ] b', 0, '- [ ] b'],
    ['not in code', '```\n- [ ] x\n```\n- [ ] a', 0, '```\n- [ ] x\n```'],
    ['CRLF', '- [ ] a\r\n- [ ] b', 1, '- [ ] a'],
    ['no such task', '- [ ] a', 1, null],
  ])('%s', (_name, markdown, index, expected) => {
    expect(deleteTaskItem(markdown, index)).toBe(expected);
  });
});

describe('taskItemText', () => {
  it.each<[string, number, { title: string; description: string } | null]>([
    ['- [ ] Write docs', 0, { title: 'Write docs', description: '' }],
    [
      '- [ ] a\n- [x] Title\n  Body line\n\n  Second para\n  - [ ] nested',
      1,
      { title: 'Title', description: 'Body line\n\nSecond para' },
    ],
    ['1. [ ] Ordered\n   body', 0, { title: 'Ordered', description: 'body' }],
    ['- [ ] a', 2, null],
  ])('%j #%i', (markdown, index, expected) => {
    expect(taskItemText(markdown, index)).toEqual(expected);
  });
});

describe('replaceTaskItemText', () => {
  it.each<[string, number, string, string | null]>([
    ['- [ ] a\n- [ ] b', 1, '#45+', '- [ ] a\n- [ ] #45+'],
    ['- [x] done', 0, '#7+', '- [x] #7+'],
    ['- [ ] a\n  body\n  - [ ] nested\n- [ ] b', 0, '#9+', '- [ ] #9+\n  - [ ] nested\n- [ ] b'],
    ['  3. [ ] deep', 0, '#1+', '  3. [ ] #1+'],
    ['- [ ] a\r\n  body\r\n\r\nend', 0, '#2+', '- [ ] #2+\r\n\r\nend'],
    ['- [ ] a\nlazy\n- [ ] b', 0, '#3+', '- [ ] #3+\n- [ ] b'],
    ['no tasks', 0, '#1+', null],
  ])('%j #%i → %s', (markdown, index, reference, expected) => {
    expect(replaceTaskItemText(markdown, index, reference)).toBe(expected);
  });
});

describe('task items inside block quotes', () => {
  it('ticks, moves, deletes, reads and replaces them inside their quote markers', async () => {
    const { setTaskItem } = await import('./edit-task-items');
    const quoted = '> 1. [ ] one\n>    more one\n> 2. [x] two\n>    - [ ] two a';
    expect(setTaskItem(quoted, 0, true)).toBe('> 1. [x] one\n>    more one\n> 2. [x] two\n>    - [ ] two a');
    expect(moveTaskItem(quoted, 1, 0)).toEqual({
      markdown: '> 1. [x] two\n>    - [ ] two a\n> 2. [ ] one\n>    more one',
      index: 0,
    });
    expect(deleteTaskItem(quoted, 1)).toBe('> 1. [ ] one\n>    more one\n> - [ ] two a');
    expect(taskItemText(quoted, 0)).toEqual({ title: 'one', description: 'more one' });
    expect(replaceTaskItemText(quoted, 0, '#7+')).toBe('> 1. [ ] #7+\n> 2. [x] two\n>    - [ ] two a');
  });

  it('keeps a quoted list apart from the lists around it', () => {
    expect(taskSiblings('- [ ] a\n> - [ ] q\n- [ ] b', 0)).toEqual([0]);
    expect(taskSiblings('> - [ ] q1\n> - [ ] q2', 1)).toEqual([0, 1]);
    expect(taskSiblings('> - [ ] q1\n\n> - [ ] q2', 1)).toEqual([1]);
  });
});
