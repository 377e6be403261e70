import { anyText, HOSTILE_PIECES } from '@meridian/domain/test/fuzz';
import fc from 'fast-check';

/**
 * Generators of hostile query strings and form bodies for the qs fuzz suites: GitLab's bracketed
 * names (`labels[]`, `not[labels]`, `or[author_username][]`), prototype keys, huge indices, deep
 * nesting, many repeats, stray brackets and percent escapes.
 */

const NAME_PARTS = [
  'labels',
  'label_name',
  'not',
  'or',
  'author_username',
  'assignee_id',
  'iids',
  'state',
  'search',
  'per_page',
  'page',
  'a',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '0',
  '99',
  '100',
  '101',
  '999999999',
  '4294967296',
  '-1',
  '',
] as const;
const BRACKETS = ['[', ']', '[]', '][', '[[', ']]', '.', '%5B', '%5D', '%5B%5D'] as const;

/** `a[b][c]…`: a name with up to `maxDepth` bracketed parts, sometimes malformed. */
export const paramName: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...NAME_PARTS),
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...NAME_PARTS).map((part) => `[${part}]`) },
        { weight: 1, arbitrary: fc.constantFrom(...BRACKETS) },
      ),
      { maxLength: 8 },
    ),
  )
  .map(([head, parts]) => head + parts.join(''));

/** `encodeURIComponent` throws on a lone surrogate: those become `%ED%A0%80`-like bytes a client could send. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

const paramValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'None',
    'Any',
    'opened',
    '1',
    '1,2,3',
    '%',
    '%ZZ',
    '%00',
    '%ED%A0%80',
    '%E2%9C%93',
    '+',
    '&',
    '=',
  ),
  fc.constantFrom(...HOSTILE_PIECES).map(encode),
  anyText(20).map(encode),
);

const pair = fc
  .tuple(paramName, fc.option(paramValue, { nil: undefined }))
  .map(([name, value]) => (value === undefined ? name : `${name}=${value}`));

/** A query string or form body: hostile pairs, sometimes one pair repeated hundreds of times. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(pair, { maxLength: 30 }).map((pairs) => pairs.join('&')) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pair, fc.integer({ min: 50, max: 500 }), fc.constantFrom('&', '&&', ';'))
      .map(([p, n, sep]) => Array.from({ length: n }, () => p).join(sep)),
  },
  { weight: 1, arbitrary: fc.nat({ max: 40 }).map((n) => `${'a'.repeat(n)}${'[b]'.repeat(n * 50)}=1`) },
  { weight: 1, arbitrary: anyText(300) },
);

/** Multipart-style fields (what busboy hands qs): names as above, a value or repeated values. */
export const formFields: fc.Arbitrary<Record<string, string | string[]>> = fc
  .array(
    fc.tuple(
      paramName,
      fc.oneof(paramValue.map(decodeURIComponentSafe), fc.array(fc.constant('x'), { minLength: 2, maxLength: 200 })),
    ),
    { maxLength: 20 },
  )
  .map((entries) => {
    const fields: Record<string, string | string[]> = Object.create(null);
    for (const [name, value] of entries) fields[name] = value;
    return fields;
  });

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
