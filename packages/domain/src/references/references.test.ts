import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { buildReferences, formatReference, parseReference, type Reference, relativePath } from './references';

describe('parseReference', () => {
  expectCases(
    parseReference,
    [
      ['#12', { kind: 'issue', path: null, iid: 12 }],
      ['group/project#12', { kind: 'issue', path: 'group/project', iid: 12 }],
      ['a/b.c/d-e#1', { kind: 'issue', path: 'a/b.c/d-e', iid: 1 }],
      ['&3', { kind: 'epic', path: null, iid: 3 }],
      ['group/sub&3', { kind: 'epic', path: 'group/sub', iid: 3 }],
      ['group::&3', { kind: 'epic', path: 'group', iid: 3 }],
      ['%v1.0', { kind: 'milestone', title: 'v1.0' }],
      ['%"Milestone title"', { kind: 'milestone', title: 'Milestone title' }],
      ['~bug', { kind: 'label', title: 'bug' }],
      ['~"scoped::label"', { kind: 'label', title: 'scoped::label' }],
      ['~"with \\"quote\\""', { kind: 'label', title: 'with "quote"' }],
      ['~scoped::label', { kind: 'label', title: 'scoped::label' }],
      ['  #7  ', { kind: 'issue', path: null, iid: 7 }],
      ['#0', null],
      ['#', null],
      ['#99999999999', null],
      ['&x', null],
      ['~', null],
      ['~"unterminated', null],
      ['%two words', null],
      ['plain', null],
      ['', null],
      ['/abs#1', null],
    ],
    '%j',
  );
});

describe('formatReference', () => {
  it.each<[Reference, string]>([
    [{ kind: 'issue', path: null, iid: 12 }, '#12'],
    [{ kind: 'issue', path: 'g/p', iid: 12 }, 'g/p#12'],
    [{ kind: 'epic', path: null, iid: 3 }, '&3'],
    [{ kind: 'epic', path: 'g', iid: 3 }, 'g&3'],
    [{ kind: 'milestone', title: 'v1' }, '%v1'],
    [{ kind: 'milestone', title: 'Milestone title' }, '%"Milestone title"'],
    [{ kind: 'label', title: 'bug' }, '~bug'],
    [{ kind: 'label', title: 'scoped::label' }, '~"scoped::label"'],
    [{ kind: 'label', title: 'a "b"' }, '~"a \\"b\\""'],
  ])('%j → %s', (ref, expected) => {
    expect(formatReference(ref)).toBe(expected);
    expect(parseReference(expected)).toEqual(ref);
  });
});

describe('relativePath / buildReferences', () => {
  it.each<[string, string | null, string]>([
    ['acme/web', 'acme/web', ''],
    ['acme/api', 'acme/web', 'api'],
    ['other/x', 'acme/web', 'other/x'],
    ['acme/web', null, 'acme/web'],
    ['acme', 'other', 'acme'],
  ])('%s from %s → %j', (target, context, expected) => {
    expect(relativePath(target, context)).toBe(expected);
  });

  it('builds GitLab references', () => {
    expect(buildReferences('#', 'acme/web', 12, 'acme/web')).toEqual({
      short: '#12',
      relative: '#12',
      full: 'acme/web#12',
    });
    expect(buildReferences('&', 'acme', 3, null)).toEqual({ short: '&3', relative: 'acme&3', full: 'acme&3' });
    expect(buildReferences('!', 'acme/web', 7, 'acme/api')).toEqual({
      short: '!7',
      relative: 'web!7',
      full: 'acme/web!7',
    });
  });
});
