import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { isInt4Id, MAX_INT4, MIN_INT4 } from './int4';

describe('int4 bounds', () => {
  it('are PostgreSQL integer limits', () => {
    expect([MIN_INT4, MAX_INT4]).toEqual([-(2 ** 31), 2 ** 31 - 1]);
  });
});

describe('isInt4Id', () => {
  expectCases(isInt4Id, [
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
  ]);
});
