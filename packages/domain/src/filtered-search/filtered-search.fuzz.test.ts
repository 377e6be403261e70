import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyText, fuzzRuns, grammarText, parserInput, quick } from '../test/fuzz';
import { formatSearchText } from './format-token';
import { parseSearchText } from './parse-search-text';
import { parseSort } from './parse-sort';
import { queryToApiParams } from './query-to-api-params';
import { queryToSearchItems } from './query-to-search-items';
import { parseRecentSearches } from './recent-searches';
import { searchItemKey } from './search-item-key';
import { TOKEN_DEFINITIONS } from './token-definitions';
import type { ListKind, SearchItem } from './types';

/**
 * Fuzzing the search bar's text and the list address (issue 25): any text parses without throwing,
 * in time, into well-formed items; what the bar writes back reads back the same.
 */

const defs = Object.values(TOKEN_DEFINITIONS);
const lists: ListKind[] = ['epics', 'roadmap', 'issues', 'merge_requests'];

const KEYS = defs.flatMap((def) => [`${def.type}:`, `${def.title}:`, `${def.type.toUpperCase()}:`]);
const SEARCH_PIECES = [
  ...KEYS,
  '=',
  '!=',
  '||',
  '@',
  '~',
  '%',
  '&',
  '"',
  "'",
  ' ',
  ':',
  'None',
  'Any',
  'yes',
  'acme::&12',
  '"Bug fix"',
  "'it''s'",
];
const searchText = parserInput(SEARCH_PIECES);

const QUERY_PIECES = [
  '&',
  '=',
  '?',
  '#',
  '+',
  '%',
  '%2',
  '%E2%9C%93',
  '%ZZ',
  '[]',
  '[',
  ']',
  'not[',
  'or[',
  'label_name[]=',
  'not[label_name][]=',
  'or[label_name][]=',
  'author_username=',
  'author_id=',
  'assignee_id=',
  'milestone_title=',
  'iteration_id=',
  'search=',
  'state=',
  'sort=',
  'None',
  'Any',
  '#upcoming',
];
const queryText = parserInput(QUERY_PIECES);

/** Items as the bar shows them: a word holds no whitespace, a token a non-empty value under a known key and operator. */
function expectWellFormed(items: SearchItem[]) {
  const keys = new Set<string>();
  for (const item of items) {
    expect(item.value).not.toBe('');
    if (item.type === 'text') {
      expect(item.value).not.toMatch(/\s/);
      continue;
    }
    expect(TOKEN_DEFINITIONS[item.type].operators).toContain(item.operator);
    expect(keys.has(searchItemKey(item)), 'a repeated token is dropped').toBe(false);
    keys.add(searchItemKey(item));
  }
}

describe('parseSearchText (fuzz)', () => {
  it('reads any text in time into well-formed items', () => {
    fc.assert(
      fc.property(searchText, (text) => {
        expectWellFormed(quick(() => parseSearchText(text, defs)));
      }),
      fuzzRuns(1_500),
    );
  });

  it('text → items → text → items is stable', () => {
    fc.assert(
      fc.property(fc.oneof(searchText, grammarText(SEARCH_PIECES, { maxPieces: 30 })), (text) => {
        const items = parseSearchText(text, defs);
        expect(parseSearchText(formatSearchText(items, defs), defs)).toEqual(items);
      }),
      fuzzRuns(1_500),
    );
  });
});

describe('list address (fuzz)', () => {
  it('queryToSearchItems and queryToApiParams read any query string in time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lists), queryText, (list, query) => {
        const { items } = quick(() => queryToSearchItems(list, query));
        for (const item of items) expect(item.value.trim()).not.toBe('');
        expect(quick(() => queryToApiParams(list, query))).toBeInstanceOf(URLSearchParams);
      }),
      fuzzRuns(1_500),
    );
  });

  it('parseSort reads any sort value in time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lists), anyText(), (list, sort) => {
        const parsed = quick(() => parseSort(list, sort));
        if (parsed) expect(['asc', 'desc']).toContain(parsed.direction);
      }),
      fuzzRuns(1_000),
    );
  });
});

describe('parseRecentSearches (fuzz)', () => {
  it('reads any stored text (JSON or not) without throwing', () => {
    const stored = fc.oneof(
      anyText(),
      fc.json({ maxDepth: 4 }),
      fc.jsonValue().map((v) => JSON.stringify([[v]])),
    );
    fc.assert(
      fc.property(stored, (raw) => {
        const parsed = quick(() => parseRecentSearches(raw));
        if (parsed.ok) for (const search of parsed.items) expect(Array.isArray(search)).toBe(true);
      }),
      fuzzRuns(1_000),
    );
  });
});
