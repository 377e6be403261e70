import { describe, expect, it } from 'vitest';
import {
  addFailureMessage,
  recentProjectsUnder,
  referencesToSubmit,
  splitReferenceInput,
  treeFormHeading,
  treeTitlePlaceholder,
} from './tree-add';

describe('splitReferenceInput', () => {
  it.each([
    [[], '#1', [], '#1'],
    [[], '#1 ', ['#1'], ''],
    [[], '#1  a/b#2 &3', ['#1', 'a/b#2'], '&3'],
    [['#1'], '#1 #2 ', ['#1', '#2'], ''],
    [[], '   ', [], ''],
    [['x'], '', ['x'], ''],
  ])('%j + %j → %j, pending %j', (tokens, text, expected, pending) => {
    expect(splitReferenceInput(tokens, text)).toEqual({ tokens: expected, pending });
  });
});

describe('referencesToSubmit', () => {
  it.each([
    [['#1'], '#2', ['#1', '#2']],
    [['#1'], '#1', ['#1']],
    [[], '  ', []],
  ])('%j + %j → %j', (tokens, pending, expected) => {
    expect(referencesToSubmit(tokens, pending)).toEqual(expected);
  });
});

describe('addFailureMessage', () => {
  it.each([
    ['issue', 404, 'No matching issue found.', 'Issue cannot be found.'],
    ['epic', 404, null, 'Epic cannot be found.'],
    ['epic', 409, 'Epic hierarchy level too deep', 'This epic already has the maximum number of child epics.'],
    ['epic', 409, 'Epic(s) already assigned', 'Epic(s) already assigned'],
    ['issue', 400, 'cannot assign a non-confidential issue', 'cannot assign a non-confidential issue'],
    ['issue', 500, null, 'Something went wrong while adding the issue.'],
  ] as const)('%s %i %j → %j', (type, status, message, expected) => {
    expect(addFailureMessage(type, status, message)).toBe(expected);
  });
});

describe('headings and placeholders', () => {
  it.each([
    ['create', 'issue', false, 'Create new issue'],
    ['create', 'epic', true, 'Create new confidential epic'],
    ['add', 'issue', true, 'Add existing confidential issue'],
    ['add', 'epic', false, 'Add existing epic'],
  ] as const)('%s %s confidential=%s → %j', (kind, type, confidential, expected) => {
    expect(treeFormHeading(kind, type, confidential)).toBe(expected);
  });
  it.each([
    ['epic', false, 'New epic title'],
    ['epic', true, 'New confidential epic title '],
    ['issue', false, 'New issue title'],
    ['issue', true, 'New confidential issue title'],
  ] as const)('%s confidential=%s → %j', (type, confidential, expected) => {
    expect(treeTitlePlaceholder(type, confidential)).toBe(expected);
  });
});

describe('recentProjectsUnder', () => {
  const p = (path_with_namespace: string) => ({ path_with_namespace });
  it('keeps the parent group’s projects (not a sibling sharing the prefix), at most 3', () => {
    const recent = [p('acme/web'), p('acmecorp/x'), p('other/y'), p('acme/sub/api'), p('Acme/ops'), p('acme/z')];
    expect(recentProjectsUnder(recent, 'acme').map((r) => r.path_with_namespace)).toEqual([
      'acme/web',
      'acme/sub/api',
      'Acme/ops',
    ]);
  });
});
