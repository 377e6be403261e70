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
];

describe('task items found in the source = checkboxes rendered', () => {
  it.each(DOCUMENTS)('%j', (markdown) => {
    const html = renderMarkdown(markdown);
    const checkboxes = html.split('<input type="checkbox"').length - 1;
    expect(parseTaskItems(markdown).length).toBe(checkboxes);
  });
});
