import { afterAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { stopTextileThread, textileToMarkdown } from './textile-markdown';

afterAll(stopTextileThread);

const md = async (textile: string) => {
  const result = await textileToMarkdown(textile);
  expect(result.converted).toBe(true);
  return result.markdown;
};

describe('textileToMarkdown', () => {
  it.each([
    ['heading', 'h1. Title', '# Title'],
    ['level-3 heading', 'h3. Smaller', '### Smaller'],
    ['bold and italic', '*bold* and _italic_', '**bold** and _italic_'],
    ['deleted', 'was -gone-', 'was ~~gone~~'],
    ['inline code', 'call @run()@ now', 'call `run()` now'],
    ['inline code with a backtick', 'see @a`b@', 'see ``a`b``'],
    ['bullet list', '* one\n* two', '-   one\n-   two'],
    ['nested list', '* one\n** inner', '-   one\n    -   inner'],
    ['numbered list', '# first\n# second', '1.  first\n2.  second'],
    ['pre block', '<pre>\nif (a < b) { x(); }\n</pre>', '```\nif (a < b) { x(); }\n```'],
    ['pre with code', '<pre><code class="ruby">puts 1</code></pre>', '```\nputs 1\n```'],
    ['bc. block', 'bc. make test', '```\nmake test\n```'],
    ['block with a fence inside', '<pre>\n```\n</pre>', '````\n```\n````'],
    ['link', '"Redmine":https://www.redmine.org', '[Redmine](https://www.redmine.org)'],
    ['image', '!https://example.com/a.png!', '![](https://example.com/a.png)'],
    ['image with a title', '!/files/b.png(Plan)!', '![Plan](/files/b.png "Plan")'],
    ['blockquote', 'bq. Quoted words', '> Quoted words'],
    ['table with a header', '|_. Name |_. Size |\n| a | 1 |', '| Name | Size |\n| --- | --- |\n| a | 1 |'],
    ['table cell with a pipe', '|a|b|\n|c|@x@|', '| a | b |\n| --- | --- |\n| c | `x` |'],
    ['issue reference kept', 'see #123, and #7.', 'see #123, and #7.'],
    ['line break', 'one\ntwo', 'one  \ntwo'],
  ])('%s', async (_name, textile, markdown) => {
    expect(await md(textile)).toBe(markdown);
  });

  it('keeps HTML in the text as text: the rendered page has no script, handler or raw tag', async () => {
    const out = await md(
      'hi <script>alert(1)</script> &lt;img src=x onerror=alert(2)&gt; <img src=x onerror=alert(3)> "x":javascript:alert(4)',
    );
    expect(out).not.toContain('<script');
    expect(out).not.toContain('alert(1)');
    const html = renderMarkdown(out);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&#x3C;img src=x onerror=alert(2)>');
  });

  it('gives up on hostile input in its time limit and keeps the text as written', async () => {
    for (const hostile of ['('.repeat(1024 * 1024), '<pre>'.repeat(200_000), '%{'.repeat(512 * 1024)]) {
      const started = Date.now();
      const result = await textileToMarkdown(hostile, 1500);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.converted).toBe(false);
      expect(result.markdown).toBe(hostile);
    }
    // The thread was replaced: the next text converts.
    expect(await md('*after*')).toBe('**after**');
  }, 30_000);

  it('converts a 1 MB ordinary text', async () => {
    const para = 'h2. Part\n\nSome *bold* words, "a link":https://example.com, @code@ and _more_.\n\n* a\n* b\n\n';
    const big = para.repeat(Math.floor((1024 * 1024) / para.length));
    const result = await textileToMarkdown(big, 30_000);
    expect(result.converted).toBe(true);
    expect(result.markdown).toContain('## Part\n\nSome **bold** words');
  }, 40_000);

  it('answers blank text at once', async () => {
    expect(await textileToMarkdown('  \n')).toEqual({ markdown: '  \n', converted: true });
  });
});
