import { describe, expect, it } from 'vitest';
import { findReferences, type ReferenceContext } from './gfm-references';

const ctx = { projectPath: 'acme/web', groupPath: 'acme' };
const refs = (text: string, context: ReferenceContext = ctx) =>
  findReferences(text, context).map((r) => [r.type, r.original, r.href]);

describe('findReferences', () => {
  it.each<[string, string[][]]>([
    ['see #12', [['issue', '#12', '/acme/web/-/issues/12']]],
    [
      '!3 and &5',
      [
        ['merge_request', '!3', '/acme/web/-/merge_requests/3'],
        ['epic', '&5', '/groups/acme/-/epics/5'],
      ],
    ],
    ['api#4', [['issue', 'api#4', '/acme/api/-/issues/4']]],
    ['other/x#5', [['issue', 'other/x#5', '/other/x/-/issues/5']]],
    ['grp/sub&2', [['epic', 'grp/sub&2', '/groups/grp/sub/-/epics/2']]],
    ['thanks @bob.', [['user', '@bob', '/users/bob']]],
    ['(@first.last)', [['user', '@first.last', '/users/first.last']]],
    ['~bug.', [['label', '~bug', '/acme/web/-/issues?label_name[]=bug']]],
    ['~"two words"', [['label', '~"two words"', '/acme/web/-/issues?label_name[]=two%20words']]],
    ['%"Sprint 3"', [['milestone', '%"Sprint 3"', '/acme/web/-/issues?milestone_title=Sprint%203']]],
    ['bob@example.com', []],
    ['a#1 is not', [['issue', 'a#1', '/acme/a/-/issues/1']]],
    ['x/#1 y//z#2', []],
    // Found by gfm-references.fuzz.test.ts: a dot segment is no namespace path (the href would leave it).
    ['a/../b#1 acme/.#1 x/./y&3 .hidden/web!2', []],
    ['#0 #99999999999', []],
    [
      '#12+ and &5+.',
      [
        ['issue', '#12+', '/acme/web/-/issues/12'],
        ['epic', '&5+', '/groups/acme/-/epics/5'],
      ],
    ],
    [
      '#12+x #13++',
      [
        ['issue', '#12', '/acme/web/-/issues/12'],
        ['issue', '#13+', '/acme/web/-/issues/13'],
      ],
    ],
    [
      '#12+s, !3+s and #13+sx',
      [
        ['issue', '#12+s', '/acme/web/-/issues/12'],
        ['merge_request', '!3+s', '/acme/web/-/merge_requests/3'],
        ['issue', '#13', '/acme/web/-/issues/13'],
      ],
    ],
    ['#abc', []],
  ])('%s', (text, expected) => {
    expect(refs(text)).toEqual(expected);
  });

  it('needs a context for what belongs to a project or group; users need none', () => {
    expect(refs('#1 ~bug &2 @bob', {})).toEqual([['user', '@bob', '/users/bob']]);
    expect(refs('#1 &2', { groupPath: 'acme' })).toEqual([['epic', '&2', '/groups/acme/-/epics/2']]);
  });

  it('stays linear on long hostile text', () => {
    const started = performance.now();
    findReferences(`${'a/'.repeat(200_000)}#1 ${'~'.repeat(100_000)} ${'@a.'.repeat(100_000)}`, ctx);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
