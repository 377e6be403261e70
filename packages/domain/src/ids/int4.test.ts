import { describe, expect, it } from 'vitest';
import { isInt4Id, MAX_INT4, MIN_INT4 } from './int4';

describe('int4 bounds', () => {
  it('are PostgreSQL integer limits', () => {
    expect(MAX_INT4).toBe(2 ** 31 - 1);
    expect(MIN_INT4).toBe(-(2 ** 31));
  });

  it.each([
    [1, true],
    [42, true],
    [MAX_INT4, true],
    [0, false],
    [-1, false],
    [MAX_INT4 + 1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.MAX_SAFE_INTEGER + 2, false],
  ])('isInt4Id(%s) is %s', (n, expected) => {
    expect(isInt4Id(n)).toBe(expected);
  });
});
