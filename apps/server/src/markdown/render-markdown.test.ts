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
      // GFM's autolink literals: `www.`, `http(s)://` and e-mail addresses, not bare host names.
      ['www.example.com', '<p><a href="http://www.example.com">www.example.com</a></p>'],
      ['see https://example.com/a.', '<p>see <a href="https://example.com/a">https://example.com/a</a>.</p>'],
      ['a@b.co', '<p><a href="mailto:a@b.co">a@b.co</a></p>'],
      ['example.com', '<p>example.com</p>'],
      // Linkify runs only on text that may hold one (a scheme, `www.`, an address): a mention alone
      // does not turn it on, and a link in a later paragraph still does.
      [
        'plain\n\nthen www.example.com',
        '<p>plain</p>\n<p>then <a href="http://www.example.com">www.example.com</a></p>',
      ],
      ['write to bob@example.org', '<p>write to <a href="mailto:bob@example.org">bob@example.org</a></p>'],
      ['ftp://example.com/a', '<p>ftp://example.com/a</p>'],
      // Schemes are case-insensitive; the sanitizer sees them in lower case.
      ['HTTPS://EXAMPLE.COM/X', '<p><a href="https://EXAMPLE.COM/X">HTTPS://EXAMPLE.COM/X</a></p>'],
      ['[x](HTTPS://example.com)', '<p><a href="https://example.com">x</a></p>'],
      // A single tilde does not strike: `~label~` stays a label reference's text.
      ['a ~b~ c', '<p>a ~b~ c</p>'],
      ['3. c\n4. d', '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>'],
      ['- a\n\n- b', '<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>'],
      [
        '| a | b |\n|:-|-:|\n| 1 |',
        '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="right">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align="left">1</td>\n<td align="right"></td>\n</tr>\n</tbody>\n</table>',
      ],
      ['a  \nb', '<p>a<br>\nb</p>'],
      ['<b>raw</b> html', '<p>raw html</p>'],
      ['[x](javascript:alert(1))', '<p><a>x</a></p>'],
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
    ['[x](JavaScript:alert(1))', ['javascript:', 'JavaScript:']],
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

  it('a footnote referenced twice gets two back links, numbered by first reference', () => {
    const html = renderMarkdown('b[^b] a[^a] b again[^b]\n\n[^a]: A.\n[^b]: B.');
    expect(html).toContain(
      '<a href="#user-content-fn-b" id="user-content-fnref-b-2" data-footnote-ref aria-describedby="user-content-footnote-label">1</a>',
    );
    expect(html).toContain(
      '<li id="user-content-fn-b">\n<p>B. <a href="#user-content-fnref-b" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a> <a href="#user-content-fnref-b-2" data-footnote-backref="" aria-label="Back to reference 1-2" class="data-footnote-backref">↩<sup>2</sup></a></p>\n</li>',
    );
    expect(html.indexOf('fn-b"')).toBeLessThan(html.indexOf('fn-a"'));
  });

  it('survives hostile nesting (the remark parser overflowed its stack on 50,000 quote markers)', () => {
    expect(renderMarkdown('>'.repeat(50_000))).toMatch(/^<blockquote>/);
    expect(renderMarkdown(Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'))).toMatch(
      /^<ul>/,
    );
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
