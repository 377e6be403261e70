import { describe, expect, it } from 'vitest';
import { addRecentSearch, parseRecentSearches, recentSearchesKey } from './recent-searches';
import type { RecentSearch } from './types';

const s = (word: string): RecentSearch => [{ type: 'text', value: word }];
const bug: RecentSearch = [
  { type: 'label', operator: '=', value: 'bug' },
  { type: 'text', value: 'crash' },
];

describe('recentSearchesKey', () => {
  it.each([
    ['acme', 'epics', 'acme-epics'],
    ['/acme/', 'epics', 'acme-epics'],
    ['acme/web', 'issues', 'acme/web-issues'],
    ['/acme/web', 'merge_requests', 'acme/web-merge_requests'],
  ])('%s + %s → %s', (path, page, key) => {
    expect(recentSearchesKey(path, page)).toBe(key);
  });
});

describe('addRecentSearch', () => {
  it.each<[string, RecentSearch[], RecentSearch, number | undefined, RecentSearch[]]>([
    ['into an empty history', [], bug, undefined, [bug]],
    ['most recent first', [s('a')], s('b'), undefined, [s('b'), s('a')]],
    ['an equal search moves to the top', [s('a'), bug, s('c')], bug, undefined, [bug, s('a'), s('c')]],
    [
      'at most five by default',
      [s('1'), s('2'), s('3'), s('4'), s('5')],
      s('6'),
      undefined,
      [s('6'), s('1'), s('2'), s('3'), s('4')],
    ],
    ['a custom limit', [s('1'), s('2')], s('3'), 2, [s('3'), s('1')]],
    ['an empty search is not stored', [s('a')], [], undefined, [s('a')]],
  ])('%s', (_name, list, item, max, expected) => {
    expect(addRecentSearch(list, item, max)).toEqual(expected);
  });

  it('compares searches by their fields, not key order or extra fields', () => {
    const reordered = [
      { value: 'bug', operator: '=', type: 'label', extra: 1 },
      { value: 'crash', type: 'text' },
    ];
    expect(addRecentSearch([bug], reordered as unknown as RecentSearch)).toEqual([bug]);
  });
});

describe('parseRecentSearches', () => {
  it.each<[string, string | null, ReturnType<typeof parseRecentSearches>]>([
    ['nothing stored', null, { ok: true, items: [] }],
    ['empty string', '', { ok: true, items: [] }],
    ['empty list', '[]', { ok: true, items: [] }],
    ['searches', JSON.stringify([bug, s('x')]), { ok: true, items: [bug, s('x')] }],
    ['extra fields dropped', '[[{"type":"text","value":"a","x":1}]]', { ok: true, items: [s('a')] }],
    ['not JSON', '{oops', { ok: false }],
    ['not a list', '{"a":1}', { ok: false }],
    ['a list of strings', '["author:=@root"]', { ok: false }],
    ['an unknown key', '[[{"type":"colour","operator":"=","value":"red"}]]', { ok: false }],
    ['a bad operator', '[[{"type":"label","operator":"~","value":"x"}]]', { ok: false }],
    ['a missing value', '[[{"type":"text"}]]', { ok: false }],
    ['a null item', '[[null]]', { ok: false }],
    ['a prototype key', '[[{"type":"toString","operator":"=","value":"x"}]]', { ok: false }],
  ])('%s', (_name, raw, expected) => {
    expect(parseRecentSearches(raw)).toEqual(expected);
  });
});
