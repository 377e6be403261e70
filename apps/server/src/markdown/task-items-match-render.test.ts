import { parseTaskItems } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

/**
 * The page acts on the N-th rendered checkbox through the domain's N-th task item: both must find
 * the same tasks, with the same text, in the same order.
 */
const DOCUMENTS = [
  '- [ ] a\n- [x] b',
  '1. [ ] one\n2. [x] two\n3) [ ] three',
  '- [ ] a\n  - [ ] a1\n    - [x] a2\n- [ ] b',
  '- [ ] a\n  more\nlazy\n- [ ] b',
  '- [ ] a\n\n- [ ] b\n\ntext\n\n* [ ] c',
  '```\n- [ ] no\n```\n- [ ] yes\n~~~\n- [ ] no\n~~~',
  '- [ ] a\n  ```\n  - [ ] no\n  ```\n- [ ] b',
  '- [ ] a\r\n- [ ] b\r\n',
  '- [ ]\n- [x]b\n-[ ] c\n- [y] d\n- [ ] real',
  '    - [ ] code\n\n- [ ] real',
  '- plain\n  - [ ] child',
  '- [ ] a\n\t- [ ] a1',
  '# Tasks\n\n- [ ] `code`\n- [ ] ![img](/a.png)\n- [ ] **bold** text',
  // Block quotes: the renderer makes checkboxes of quoted task items too.
  '> - [ ] q1\n> - [x] q2',
  '- [ ] a\n\n> - [ ] quoted\n\n- [ ] b',
  '> > - [ ] deep\n> - [ ] shallow',
  '>- [ ] tight\n>   - [ ] nested',
  '> - [ ] a\nlazy text\n- [ ] outside',
  '> ```\n> - [ ] no\n> ```\n> - [ ] yes',
  '> text\n- [ ] after',
  '   > - [ ] three spaces\n    > - [ ] four is code',
];

describe('task items found in the source = checkboxes rendered', () => {
  it.each(DOCUMENTS)('%j', (markdown) => {
    const html = renderMarkdown(markdown);
    const checkboxes = html.split('<input type="checkbox"').length - 1;
    expect(parseTaskItems(markdown).length).toBe(checkboxes);
    // The same tasks in the same order: each checkbox's accessible name is its task's text.
    const letters = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');
    const names = [...html.matchAll(/<input type="checkbox"([^>]*)>/g)].map(
      (m) => /aria-label="([^"]*)"/.exec(m[1] ?? '')?.[1],
    );
    const texts = parseTaskItems(markdown).map((task) => letters(task.text));
    for (const [i, name] of names.entries()) {
      if (name && texts[i]) expect(letters(name).startsWith(texts[i])).toBe(true);
    }
  });
});
