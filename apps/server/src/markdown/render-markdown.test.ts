import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import { outsideAllowList, resanitized } from '../test/html-allow-list';
import { renderMarkdown, renderMarkdownOrNull } from './render-markdown';

describe('renderMarkdown', () => {
  expectCases(
    renderMarkdown,
    [
      ['**bold**', '<p><strong>bold</strong></p>'],
      ['a ~~b~~', '<p>a <del>b</del></p>'],
      ['', ''],
    ],
    'renders %j',
  );

  it('renders GFM tables and task lists', () => {
    const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('type="checkbox"');
  });

  it.each([
    ['<script>alert(1)</script>', ['<script', 'alert(1)</script']],
    ['<img src=x onerror="alert(1)">', ['onerror', '<img src="x"']],
    ['[click](javascript:alert(1))', ['javascript:']],
    ['<a href="javascript:alert(1)">x</a>', ['javascript:']],
    ['![x](javascript:alert(1))', ['javascript:']],
    ['<iframe src="https://evil"></iframe>', ['<iframe']],
    ['<div style="x" onclick="y">t</div>', ['onclick', 'style=']],
    ['[x](vbscript:msgbox)', ['vbscript:']],
  ])('neutralises hostile %j', (input, forbidden) => {
    const html = renderMarkdown(input);
    for (const f of forbidden) expect(html.toLowerCase()).not.toContain(f);
  });

  it('names each task checkbox after its item, escaped', () => {
    const html = renderMarkdown('- [ ] Ship the <b>"API"</b> & docs\n- [x] done');
    expect(html).toContain('aria-label="Ship the &#x22;API&#x22; &#x26; docs"');
    expect(html).toContain('aria-label="done"');
    expect(html).not.toContain('<b>');
  });

  it('keeps safe links', () => {
    expect(renderMarkdown('[ok](https://example.com)')).toBe('<p><a href="https://example.com">ok</a></p>');
  });

  it('null in, null out', () => {
    expect(renderMarkdownOrNull(null)).toBeNull();
    expect(renderMarkdownOrNull('x')).toBe('<p>x</p>');
  });

  it('footnote links reach their footnote (one user-content- prefix, not two)', () => {
    const html = renderMarkdown('See[^1].\n\n[^1]: The note.');
    expect(html).toContain('href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('aria-describedby="user-content-footnote-label"');
    expect(html).toContain('id="user-content-footnote-label"');
  });
});

describe('the sanitizer as the last step (a second pass, as reference redaction makes, changes nothing)', () => {
  it.each([
    'Plain **text** with `code`, ~~strike~~ and [a link](https://example.com "title").',
    'See[^1] and [^two].\n\n[^1]: One.\n[^two]: Two, with #3.',
    '- [ ] task #12+ for @alice\n- [x] done ~"two words" %"Sprint 3"\n\n1. one\n2. two',
    '| a | b |\n|:-|-:|\n| #1 | !2+s |\n\n> quote &5+\n\n```js\nconst x = "#1";\n```',
    '<details><summary>More</summary>hidden <b id="x" name="y">raw</b></details> ![img](https://x/y.png)',
  ])('%j', (text) => {
    const html = renderMarkdown(text, { projectPath: 'acme/web', groupPath: 'acme' });
    expect(outsideAllowList(html)).toEqual([]);
    const { printed, again } = resanitized(html);
    expect(again).toBe(printed);
  });
});
