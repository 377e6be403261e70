import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

const ctx = { projectPath: 'acme/web', groupPath: 'acme' };

describe('renderMarkdown with references', () => {
  it("links references with GitLab's gfm classes and data attributes", () => {
    expect(renderMarkdown('Fixes #12', ctx)).toBe(
      '<p>Fixes <a href="/acme/web/-/issues/12" class="gfm gfm-issue" data-reference-type="issue" data-original="#12" data-project-path="acme/web" data-iid="12">#12</a></p>',
    );
  });

  it('leaves code, code blocks and existing links alone', () => {
    const html = renderMarkdown('`#1` [see #2](https://x.test)\n\n```\n@bob #3\n```', ctx);
    expect(html).not.toContain('gfm');
  });

  it('escapes what it puts in attributes', () => {
    const html = renderMarkdown('~"<img src=x onerror=alert(1)>" %"a\\" onmouseover=x"', ctx);
    expect(html).not.toMatch(/<img|onmouseover="|onerror=/);
  });
});
