import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import {
  adfToMarkdown,
  jiraFooter,
  jiraWikiToMarkdown,
  withJiraAttachmentInline,
  withJiraAttachmentLink,
  withJiraFooter,
} from './jira-text';

describe('jiraWikiToMarkdown', () => {
  expectCases(jiraWikiToMarkdown, [
    ['plain text stays', 'plain text stays'],
    ['h1. Title\nh3. Smaller', '# Title\n### Smaller'],
    ['* one\n** nested\n* two', '- one\n  - nested\n- two'],
    ['# first\n# second\n## inner', '1. first\n1. second\n  1. inner'],
    ['*bold* and *more bold*, not 2 * 3 * 4', '**bold** and **more bold**, not 2 * 3 * 4'],
    [
      'see [the docs|https://example.com/a?b=1] or [https://example.com]',
      'see [the docs](https://example.com/a?b=1) or <https://example.com>',
    ],
    ['thanks [~alice] and [~accountid:5b10ac8d82e05b22cc7d4ef5]', 'thanks @alice and @5b10ac8d82e05b22cc7d4ef5'],
    ['run {{npm ci}} first', 'run `npm ci` first'],
    ['{code:java}\nint a = *b*;\n{code}', '```java\nint a = *b*;\n```'],
    ['{code:title=A.java|borderStyle=solid}\nx\n{code}', '```\nx\n```'],
    ['{noformat}\n* not a list\n{noformat}', '```\n* not a list\n```'],
    ['{code}one line{code}', '```\none line\n```'],
    ['{code}\nnever closed', '```\nnever closed\n```'],
    ['{quote}\nsaid *this*\n{quote}\nafter', '> said **this**\nafter'],
    ['bq. a quote', '> a quote'],
    ['||Name||Value||\n|a|1|\n|b|2|', '| Name | Value |\n| --- | --- |\n| a | 1 |\n| b | 2 |'],
    ['|x|y|', '|   |   |\n| --- | --- |\n| x | y |'],
    ['{color:red}red{color} text', 'red text'],
    ['-gone- but pre-release stays', '~~gone~~ but pre-release stays'],
    ['----', '---'],
    ['line\r\nnext', 'line\nnext'],
  ]);
});

describe('adfToMarkdown (REST API v3 rich text)', () => {
  it('converts paragraphs, headings, marks, lists, code and mentions', () => {
    const doc = {
      type: 'doc',
      version: 1,
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Steps' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Open ' },
            { type: 'text', text: 'the page', marks: [{ type: 'link', attrs: { href: 'https://x.test' } }] },
            { type: 'text', text: ' as ' },
            { type: 'mention', attrs: { id: '5b10', text: '@Alice' } },
            { type: 'hardBreak' },
            { type: 'text', text: 'then ' },
            { type: 'text', text: 'wait', marks: [{ type: 'strong' }] },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] },
          ],
        },
        { type: 'codeBlock', attrs: { language: 'sh' }, content: [{ type: 'text', text: 'npm ci' }] },
      ],
    };
    expect(adfToMarkdown(doc)).toBe(
      '## Steps\n\nOpen [the page](https://x.test) as @Alice\nthen **wait**\n\n- one\n- two\n\n```sh\nnpm ci\n```',
    );
  });

  it('survives unknown nodes and deep nesting', () => {
    let deep: { type: string; content?: unknown[] } = { type: 'text' };
    for (let i = 0; i < 200; i += 1) deep = { type: 'blockquote', content: [deep] };
    expect(typeof adfToMarkdown({ type: 'doc', content: [deep as never, { type: 'panel' }] })).toBe('string');
  });
});

describe('jiraFooter', () => {
  it('names the key (a link when the site is known) and what Meridian has no field for', () => {
    expect(
      jiraFooter({
        key: 'MER-7',
        url: 'https://acme.atlassian.net/browse/MER-7',
        resolution: 'Fixed',
        otherFixVersions: ['1.1'],
        earlierSprints: ['Sprint 1'],
        components: ['API', 'Web'],
      }),
    ).toBe(
      '_Imported from Jira: [MER-7](https://acme.atlassian.net/browse/MER-7)_\n- Resolution: Fixed\n- Components: API, Web\n- Also fixed in: 1.1\n- Earlier sprints: Sprint 1',
    );
    expect(
      jiraFooter({
        key: 'MER-8',
        url: null,
        resolution: null,
        otherFixVersions: [],
        earlierSprints: [],
        components: [],
      }),
    ).toBe('_Imported from Jira: MER-8_');
  });

  it('goes after a rule, or alone', () => {
    expect(withJiraFooter('Body\n\n', 'F')).toBe('Body\n\n---\n\nF');
    expect(withJiraFooter('  ', 'F')).toBe('F');
  });
});

describe('withJiraAttachmentLink', () => {
  const footer = '_Imported from Jira: A-1_\n- Resolution: Done';
  expectCases(
    (d: string) => withJiraAttachmentLink(d, '[a.log](/uploads/x/a.log)'),
    [
      [`Body\n\n---\n\n${footer}`, `Body\n\n[a.log](/uploads/x/a.log)\n\n---\n\n${footer}`],
      [
        `Body\n\n![b.png](/uploads/y/b.png)\n\n---\n\n${footer}`,
        `Body\n\n![b.png](/uploads/y/b.png)\n\n[a.log](/uploads/x/a.log)\n\n---\n\n${footer}`,
      ],
      [footer, `[a.log](/uploads/x/a.log)\n\n---\n\n${footer}`],
      ['A rule of its own\n\n---\n\nand more', 'A rule of its own\n\n---\n\nand more\n\n[a.log](/uploads/x/a.log)'],
      ['', '[a.log](/uploads/x/a.log)'],
    ],
  );
});

describe('withJiraAttachmentInline', () => {
  const image = '![shot.png](/uploads/s/shot.png)';
  it.each([
    ['See !shot.png! here', 'See ![shot.png](/uploads/s/shot.png) here'],
    ['!shot.png|thumbnail!', image],
    ['!shot.png|width=300,alt="a b"!\n\nand !shot.png!', `${image}\n\nand ${image}`],
    ['The log: [^shot.png].', `The log: ${image}.`],
    ['shot.png is named but not shown', null],
    ['!shot.png.bak!', null],
    ['!shot.png|no closing mark', null],
    ['!shot.png|multi\nline!', null],
    ['', null],
  ])('%j → %j', (description, expected) => {
    expect(withJiraAttachmentInline(description, 'shot.png', image)).toBe(expected);
  });

  it('takes the name as written, not as a pattern', () => {
    expect(withJiraAttachmentInline('!a.b!', 'a.b', 'X')).toBe('X');
    expect(withJiraAttachmentInline('!axb!', 'a.b', 'X')).toBeNull();
    expect(withJiraAttachmentInline('!(x)+.png!', '(x)+.png', 'X')).toBe('X');
  });
});
