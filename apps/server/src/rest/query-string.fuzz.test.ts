import { fuzzRuns, quick } from '@meridian/domain/test/fuzz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formFields, queryString } from '../test/query-string-arbitraries';
import { parseGitlabParams, queryStringLimits } from './query-string';

/**
 * Fuzzing the query string and form body parser (issue 25): whatever the text, qs builds in time a
 * plain tree as deep, as wide and with arrays as long as `queryStringLimits` allow, and never
 * writes to Object.prototype (`__proto__[x]=1`, `constructor[prototype][x]=1`).
 */

const { arrayLimit, depth, parameterLimit } = queryStringLimits;

/** Object.prototype's own properties and their values, to compare before and after. */
const prototypeSnapshot = () =>
  Object.getOwnPropertyNames(Object.prototype).map((name) => [
    name,
    Object.getOwnPropertyDescriptor(Object.prototype, name)?.value,
  ]);

/** Walks the parsed tree: every node is a string, a plain object or an array, within the limits. */
function expectBounded(value: unknown, level: number, maxArray: number) {
  if (typeof value === 'string') return;
  expect(typeof value).toBe('object');
  expect(value).not.toBeNull();
  // `a[b][c][d]=1` with depth 2 is { a: { b: { c: { '[d]': '1' } } } }: the root, the name, `depth`
  // bracketed levels, then the rest as one key, whose repeated values may form an array; `a=1` beside
  // `a[b]…` merges the two into one more array ([ '1', { b: … } ]).
  expect(level).toBeLessThanOrEqual(depth + 3);
  if (Array.isArray(value)) {
    expect(value.length).toBeLessThanOrEqual(maxArray);
  } else {
    expect([Object.prototype, null]).toContain(Object.getPrototypeOf(value));
    expect(Object.keys(value as object).length).toBeLessThanOrEqual(parameterLimit);
  }
  for (const inner of Object.values(value as object)) expectBounded(inner, level + 1, maxArray);
}

describe('parseGitlabParams (fuzz)', () => {
  it('a query string or form body parses in time to a bounded plain tree, Object.prototype untouched', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(queryString, (text) => {
        const parsed = quick(() => parseGitlabParams(text));
        expectBounded(parsed, 0, arrayLimit + 1);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
        expect(prototypeSnapshot()).toEqual(before);
      }),
      fuzzRuns(1_500),
    );
  });

  it('multipart fields parse the same way, Object.prototype untouched', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(formFields, (fields) => {
        // Repeated multipart fields arrive as one array, bounded by busboy's field limit.
        expectBounded(
          quick(() => parseGitlabParams(fields)),
          0,
          parameterLimit,
        );
        expect(prototypeSnapshot()).toEqual(before);
      }),
      fuzzRuns(1_000),
    );
  });

  it('prototype keys are dropped, not merged', () => {
    const parsed = parseGitlabParams('__proto__[x]=1&constructor[prototype][y]=2&a[__proto__][z]=3&labels[]=ok');
    expect(parsed).toEqual({ labels: ['ok'] });
    expect(({} as Record<string, unknown>).x ?? ({} as Record<string, unknown>).y).toBeUndefined();
  });
});
