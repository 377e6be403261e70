import fc from 'fast-check';

/**
 * fast-check generators of hostile Markdown for the fuzz suite: documents stitched from the
 * pieces the renderer and the reference redactor treat specially (references with `+`/`+s`, raw
 * HTML, links, code, emoji, mentions, quick actions, footnotes, tables, task lists), replacement
 * patterns (`$&`, `` $` ``, `$'`, `$$`) and arbitrary text, joined by the separators that change
 * their meaning (spaces, line breaks, list and quote markers).
 */

/** Titles the referenced items carry: the `$` family, markup, quotes and attribute break-outs. */
export const HOSTILE_TITLES = [
  'Release notes $` onmouseover=alert(1) style=position:fixed;inset:0 x',
  "$& onfocus=alert(2) autofocus $' tabindex=1",
  '$$ &amp;$& <img src=x onerror=alert(3)> "quoted" \'single\'',
  '</a><script>alert(4)</script><a href="javascript:alert(5)">',
  '" onmouseover="alert(6)" x="',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${x}`, as a title may hold one
  '$1 $<name> $0 ${x} `code` **bold** [link](javascript:alert(7))',
] as const;

const HTML_SNIPPETS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg><animate onbegin=alert(1) attributeName=x></svg>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<details open ontoggle=alert(1)>',
  '<div style="background:url(javascript:alert(1))" id="x" name="y">d</div>',
  '<a class="gfm gfm-issue" data-reference-type="issue" data-project-path="fz/web" data-iid="1">#1</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!-- --><b>b</b>',
  '<input type="checkbox" onclick=alert(1) aria-label="x">',
  '<sup id="user-content-fn-1">1</sup>',
] as const;

const URLS = [
  'https://example.com/a?b=c&d=e',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '#user-content-fn-1',
  '/fz/web/-/issues/1',
  '//evil.example',
] as const;

const iid = fc.integer({ min: 1, max: 8 });
const format = fc.constantFrom('', '+', '+s', '+x', '+ss');
const reference = fc.oneof(
  fc
    .tuple(fc.constantFrom('#', '!', 'web#', 'fz/web#', 'fz/web!', 'other/nope#', '&', 'fz&'), iid, format)
    .map(([sigil, n, f]) => `${sigil}${n}${f}`),
  fc.constantFrom('~bug', '~"two words"', '~"$&"', '%"Sprint 3"', '%v1', '@fz_member', '@fz_guest.', '@nobody'),
);
const link = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...URLS), fc.constantFrom('link', 'image', 'autolink'))
  .map(([text, url, shape]) =>
    shape === 'link' ? `[${text}](${url})` : shape === 'image' ? `![${text}](${url})` : `<${url}>`,
  );
const code = fc
  .tuple(fc.constantFrom('`', '``', '```\n', '    '), fc.oneof(reference, fc.constantFrom(...HTML_SNIPPETS)))
  .map(([fence, body]) =>
    fence === '```\n' ? `${fence}${body}\n\`\`\`` : fence === '    ' ? `\n\n    ${body}\n` : `${fence}${body}${fence}`,
  );
const quickAction = fc
  .tuple(
    fc.constantFrom(
      '/assign',
      '/unassign',
      '/label',
      '/milestone',
      '/title',
      '/relate',
      '/due',
      '/estimate',
      '/react',
      '/close',
      '/shrug',
    ),
    fc.oneof(reference, fc.string({ maxLength: 20 }), fc.constantFrom('$&', 'tomorrow', '1w 2d', ':thumbsup:')),
  )
  .map(([command, argument]) => `\n${command} ${argument}\n`);
const piece = fc.oneof(
  { weight: 5, arbitrary: reference },
  { weight: 2, arbitrary: fc.constantFrom(...HTML_SNIPPETS) },
  { weight: 2, arbitrary: link },
  { weight: 1, arbitrary: code },
  { weight: 1, arbitrary: quickAction },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ':smile:',
      ':+1:',
      ':$&:',
      '[^1]',
      '\n\n[^1]: note #1+',
      '| #1+ | !1+s |\n|---|---|\n| a | b |',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('$&', '$`', "$'", '$$', '$1', '&amp;', '&#x3C;', '\\', '*', '_', '>') },
  { weight: 3, arbitrary: fc.string({ maxLength: 30, unit: 'grapheme' }) },
);
const separator = fc.constantFrom(' ', '', '\n', '\n\n', '\n- [ ] ', '\n- ', '\n> ', '\n1. ', ' | ', '\n# ');

/** One Markdown document of up to ~40 pieces. */
export const markdownDocument = fc
  .array(fc.tuple(separator, piece), { maxLength: 40 })
  .map((parts) => parts.map(([sep, part]) => `${sep}${part}`).join(''));
