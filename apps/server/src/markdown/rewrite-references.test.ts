import { describe, expect, it } from 'vitest';
import { replaceReferences, rewriteReferences } from './rewrite-references';

const from = { projectPath: 'acme/web', groupPath: 'acme' };
const sibling = { projectPath: 'acme/api', groupPath: 'acme' };
const elsewhere = { projectPath: 'other/tools', groupPath: 'other' };

describe('rewriteReferences (an issue moved from acme/web)', () => {
  it.each([
    [
      'to a sibling project: short issue and MR references name the old project by path',
      sibling,
      'See #12 and !3.',
      'See web#12 and web!3.',
    ],
    ['to another group: the full path', elsewhere, 'See #12 and !3.', 'See acme/web#12 and acme/web!3.'],
    ['a reference to the target project itself becomes short', sibling, 'Fixed by api#7', 'Fixed by #7'],
    ['a sibling reference seen from another group gets its full path', elsewhere, 'Needs api#7', 'Needs acme/api#7'],
    ['full paths elsewhere stay as written', elsewhere, 'Like third/party#1', 'Like third/party#1'],
    ['an epic outside the target group names its group', elsewhere, 'Part of &5', 'Part of acme&5'],
    ['an epic of the same group stays short', sibling, 'Part of &5', 'Part of &5'],
    ['the title formats are kept', elsewhere, 'See #12+ and #13+s', 'See acme/web#12+ and acme/web#13+s'],
    ['code spans and blocks are left alone', elsewhere, '`#12` and\n\n```\n#13\n```\n', '`#12` and\n\n```\n#13\n```\n'],
    ['link text is left alone', elsewhere, '[#12](https://example.com) #14', '[#12](https://example.com) acme/web#14'],
    ['users, labels and milestones stay', elsewhere, '@bob ~bug %v1 #1', '@bob ~bug %v1 acme/web#1'],
    ['escaped text is left as written', elsewhere, 'Not \\#12 but #13', 'Not \\#12 but #13'],
    ['several references in lists and emphasis', elsewhere, '- **#1**\n- _!2_', '- **acme/web#1**\n- _acme/web!2_'],
    ['text without a sigil is returned as is', elsewhere, 'Nothing here', 'Nothing here'],
  ])('%s', (_name, to, markdown, expected) => {
    expect(rewriteReferences(markdown, from, to)).toBe(expected);
  });
});

describe('replaceReferences', () => {
  it('hands each issue, merge request and epic reference outside code and links to the callback, in order', () => {
    const seen: string[] = [];
    const out = replaceReferences('#1, `#2`, [#3](x), web!4, &5, ~bug, @bob and #6+', from, (ref) => {
      seen.push(`${ref.type}:${ref.original}`);
      return ref.original === '#6+' ? 'acme/api#60+' : ref.original;
    });
    expect(seen).toEqual(['issue:#1', 'merge_request:web!4', 'epic:&5', 'issue:#6+']);
    expect(out).toBe('#1, `#2`, [#3](x), web!4, &5, ~bug, @bob and acme/api#60+');
  });
});
