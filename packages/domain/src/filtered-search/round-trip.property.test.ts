import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSearchText } from './format-token';
import { LIST_TOKEN_KEYS } from './list-token-keys';
import { parseSearchText } from './parse-search-text';
import { queryToSearchItems } from './query-to-search-items';
import { searchItemKey } from './search-item-key';
import { searchItemsToQuery } from './search-query';
import { submitValue } from './submit-value';
import { TOKEN_DEFINITIONS } from './token-definitions';
import type { FilterToken, ListKind, SearchItem, TokenKey } from './types';

const defs = Object.values(TOKEN_DEFINITIONS);
const keys = Object.keys(TOKEN_DEFINITIONS) as TokenKey[];
const lists: ListKind[] = ['epics', 'roadmap', 'issues', 'merge_requests'];

/** Characters that stress quoting, symbols and URL encoding, mixed with any grapheme. */
const tricky = fc.constantFrom(
  ' ',
  '\t',
  '"',
  "'",
  '~',
  '%',
  '@',
  '&',
  '+',
  '=',
  '!',
  '|',
  '#',
  '?',
  '[',
  ']',
  ':',
  '/',
  '✓',
  'é',
  '日',
);
const valueArb = fc
  .array(fc.oneof(tricky, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));
const predefinedArb = fc.constantFrom(
  'None',
  'Any',
  'Current',
  'Upcoming',
  'Started',
  'yes',
  'No',
  'acme::&12',
  '&3',
  '42',
);

const tokenArb: fc.Arbitrary<FilterToken> = fc.constantFrom(...keys).chain((type) =>
  fc.record({
    type: fc.constant(type),
    operator: fc.constantFrom(...TOKEN_DEFINITIONS[type].operators),
    value: fc.oneof(valueArb, predefinedArb),
  }),
);
const textArb: fc.Arbitrary<SearchItem> = valueArb.map((value) => ({ type: 'text', value }));
const itemsArb = fc.array(fc.oneof({ weight: 3, arbitrary: tokenArb }, { weight: 1, arbitrary: textArb }), {
  maxLength: 8,
});

const words = (items: SearchItem[]): SearchItem[] =>
  items.flatMap((item) =>
    item.type === 'text'
      ? item.value
          .split(/\s+/)
          .filter(Boolean)
          .map((value): SearchItem => ({ type: 'text', value }))
      : [],
  );

function dedupe(tokens: FilterToken[]): FilterToken[] {
  const seen = new Set<string>();
  return tokens.filter((token) => {
    const key = searchItemKey(token);
    const fresh = !seen.has(key);
    seen.add(key);
    return fresh;
  });
}

/** What the address keeps of a search: known keys, submitted values, tokens first, then words. */
function throughAddress(list: ListKind, items: SearchItem[]): SearchItem[] {
  const legacyMilestone: Record<string, string> = { '#upcoming': 'Upcoming', '#started': 'Started' };
  const tokens = items
    .filter((item): item is FilterToken => item.type !== 'text' && LIST_TOKEN_KEYS[list].includes(item.type))
    .map((token) => {
      const value = submitValue(token);
      const legacy = token.type === 'milestone' ? legacyMilestone[value.toLowerCase()] : undefined;
      return { ...token, value: legacy ?? value };
    })
    .filter((token) => token.value !== '');
  return [...dedupe(tokens), ...words(items)];
}

describe('round trips', () => {
  it('queryToSearchItems(searchItemsToQuery(items)) ≡ items after normalisation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lists), itemsArb, (list, items) => {
        const query = searchItemsToQuery(list, items, { state: 'opened', anchor: 'x' });
        const back = queryToSearchItems(list, query);
        expect(back.items).toEqual(throughAddress(list, items));
        expect(back.state).toBe('opened');
      }),
      { numRuns: 500 },
    );
  });

  /** Text cannot hold a value with whitespace and both quote kinds, nor a word that reads as a token. */
  const writable = (item: SearchItem): boolean =>
    item.type === 'text'
      ? !item.value.includes(':')
      : !(/\s|^["']/.test(item.value) && item.value.includes('"') && item.value.includes("'"));

  it('parseSearchText(formatSearchText(items)) ≡ items after normalisation', () => {
    fc.assert(
      fc.property(itemsArb, (generated) => {
        const items = generated.filter(writable);
        const expected = items.flatMap((item) => (item.type === 'text' ? words([item]) : [item]));
        const seen = new Set<string>();
        const deduped = expected.filter((item) => {
          if (item.type === 'text') return true;
          const fresh = !seen.has(searchItemKey(item));
          seen.add(searchItemKey(item));
          return fresh;
        });
        expect(parseSearchText(formatSearchText(items, defs), defs)).toEqual(deduped);
      }),
      { numRuns: 500 },
    );
  });

  it('a quoted blank value submits nothing (found by the property above)', () => {
    const items: SearchItem[] = [{ type: 'author', operator: '=', value: "' '" }];
    expect(submitValue({ type: 'author', operator: '=', value: "' '" })).toBe('');
    expect(queryToSearchItems('epics', searchItemsToQuery('epics', items)).items).toEqual([]);
  });

  it('searchItemsToQuery never throws, even on lone surrogates', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lists), fc.string({ unit: 'binary' }), (list, value) => {
        expect(() =>
          searchItemsToQuery(list, [
            { type: 'label', operator: '=', value },
            { type: 'text', value },
          ]),
        ).not.toThrow();
      }),
      { numRuns: 50 },
    );
  });
});
