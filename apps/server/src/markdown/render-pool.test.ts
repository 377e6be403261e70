import { afterAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { renderMarkdownOffThread, stopRenderThreads } from './render-pool';

afterAll(stopRenderThreads);

const texts = [
  { text: 'Fixed in #12 by @alice, see ~"bug fix" and %"v1.0"', context: { projectPath: 'grp/app', groupPath: 'grp' } },
  { text: '- [x] done\n- [ ] left\n\n| a | b |\n|---|---|\n| 1 | 2 |' },
  { text: '<script>alert(1)</script>[x](javascript:alert(1)) <img src=x onerror=alert(1)>' },
  { text: 'Footnote[^1]\n\n[^1]: the note', context: { groupPath: 'grp' } },
  { text: '' },
];

describe('renderMarkdownOffThread', () => {
  it('answers what the one renderer makes, in order, for texts with and without a context', async () => {
    const expected = texts.map(({ text, context }) => renderMarkdown(text, context));
    expect(await renderMarkdownOffThread(texts)).toEqual(expected);
  });

  it('splits a long list across the threads and keeps its order', async () => {
    const many = Array.from({ length: 420 }, (_, i) => ({
      text: `Item **${i}** of the list, #${i}`,
      context: { projectPath: 'g/p' },
    }));
    const html = await renderMarkdownOffThread(many);
    expect(html).toHaveLength(420);
    expect(html[0]).toBe(renderMarkdown(many[0]!.text, many[0]!.context));
    expect(html[419]).toBe(renderMarkdown(many[419]!.text, many[419]!.context));
  });

  it('answers nothing for no texts', async () => {
    expect(await renderMarkdownOffThread([])).toEqual([]);
  });
});
