import { describe, expect, it } from 'vitest';
import { setTaskItem } from './edit-task-items';

describe('setTaskItem', () => {
  it.each<[string, number, boolean, string | null]>([
    ['- [ ] a\n- [ ] b', 0, true, '- [x] a\n- [ ] b'],
    ['- [ ] a\n- [ ] b', 1, true, '- [ ] a\n- [x] b'],
    ['- [x] a', 0, false, '- [ ] a'],
    ['- [X] a', 0, false, '- [ ] a'],
    ['* [ ] star\n+ [ ] plus\n1. [ ] one\n2) [ ] two', 3, true, '* [ ] star\n+ [ ] plus\n1. [ ] one\n2) [x] two'],
    ['  - [ ] nested', 0, true, '  - [x] nested'],
    ['text\n- plain item\n- [ ] task', 0, true, 'text\n- plain item\n- [x] task'],
    ['```\n- [ ] in code\n```\n- [ ] real', 0, true, '```\n- [ ] in code\n```\n- [x] real'],
    ['- [ ] a', 1, true, null],
    ['no tasks', 0, true, null],
    ['-[ ] not a task', 0, true, null],
  ])('%j, item %i → %s: %j', (markdown, index, checked, expected) => {
    expect(setTaskItem(markdown, index, checked)).toBe(expected);
  });
});
