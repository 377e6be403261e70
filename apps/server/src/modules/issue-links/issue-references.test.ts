import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import { issueTargetsFromReferences } from './issue-references';

const target = (path: string, iid: number) => ({ target_project_id: path, target_issue_iid: iid });

describe('issueTargetsFromReferences, seen from acme/web', () => {
  expectCases(
    (text) => issueTargetsFromReferences([text], 'acme/web'),
    [
      ['#12', [target('acme/web', 12)]],
      ['other/app#3', [target('other/app', 3)]],
      ['api#4', [target('acme/api', 4)]],
      ['https://meridian.example/acme/sub/app/-/issues/9', [target('acme/sub/app', 9)]],
      ['http://h:3000/acme/web/-/issues/7/?x=1#note_3', [target('acme/web', 7)]],
      ['#1 #2\n#1,  other/app#3', [target('acme/web', 1), target('acme/web', 2), target('other/app', 3)]],
      ['ACME/WEB#5 acme/web#5', [target('ACME/WEB', 5)]],
    ],
    '%j',
  );

  it.each([
    ['&3', "issuable_references is invalid: '&3' is not an issue reference"],
    ['~bug', "issuable_references is invalid: '~bug' is not an issue reference"],
    ['https://h/acme/web/-/merge_requests/2', 'is not an issue reference'],
    ['#0', 'is not an issue reference'],
    ['#99999999999', 'is not an issue reference'],
    // Found by issue-references.fuzz.test.ts: a URL's iid outside PostgreSQL's integer was a 500.
    ['https://h/acme/web/-/issues/9999999999', 'is not an issue reference'],
    ['https://h/acme/web/-/issues/0', 'is not an issue reference'],
    ['   ', 'issuable_references is missing'],
    [
      Array.from({ length: 21 }, (_, i) => `#${i + 1}`).join(' '),
      'issuable_references is too long (maximum is 20 references)',
    ],
  ])('refuses %j', (text, message) => {
    expect(() => issueTargetsFromReferences([text], 'acme/web')).toThrow(message);
  });

  it('reads a project in a user namespace (no parent) as a full path', () => {
    expect(issueTargetsFromReferences(['alice/notes#2', 'notes#2'], 'notes')).toEqual([
      target('alice/notes', 2),
      target('notes', 2),
    ]);
  });
});
