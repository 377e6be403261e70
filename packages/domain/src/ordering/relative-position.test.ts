import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import {
  IDEAL_DISTANCE,
  MAX_POSITION,
  MIN_POSITION,
  needsRebalance,
  positionAtEnd,
  positionAtStart,
  positionBetween,
  rebalancedPositions,
} from './relative-position';

describe('positionBetween', () => {
  it.each([
    [null, null, 0],
    [100, null, 100 + IDEAL_DISTANCE],
    [null, 100, 100 - IDEAL_DISTANCE],
    [100, 200, 150],
    [200, 100, 150],
    [100, 103, 101],
    [-5, 5, 0],
    [MAX_POSITION - 2, null, MAX_POSITION - 1],
    [null, MIN_POSITION + 2, MIN_POSITION + 1],
    [MAX_POSITION - 100, null, MAX_POSITION - 50],
  ])('between %s and %s → %s', (before, after, expected) => {
    expect(positionBetween(before, after)).toEqual({ position: expected, rebalance: false });
  });

  it.each([
    [100, 101],
    [100, 100],
    [MAX_POSITION - 1, null],
    [MAX_POSITION, null],
    [null, MIN_POSITION],
    [null, MIN_POSITION + 1],
  ])('between %s and %s needs a rebalance', (before, after) => {
    expect(positionBetween(before, after)).toEqual({ position: null, rebalance: true });
  });

  it('ends', () => {
    expect(positionAtEnd(null).position).toBe(0);
    expect(positionAtEnd(0).position).toBe(IDEAL_DISTANCE);
    expect(positionAtStart(0).position).toBe(-IDEAL_DISTANCE);
  });

  it('repeated halving eventually signals a rebalance, never a duplicate', () => {
    let lo = 0;
    const hi = IDEAL_DISTANCE;
    for (let i = 0; i < 20; i += 1) {
      const r = positionBetween(lo, hi);
      if (r.rebalance) return;
      expect(r.position).toBeGreaterThan(lo);
      expect(r.position).toBeLessThan(hi);
      lo = r.position;
    }
    throw new Error('never asked for a rebalance');
  });
});

describe('rebalancedPositions', () => {
  expectCases(
    rebalancedPositions,
    [
      [0, []],
      [1, [0]],
      [3, [-1024, 0, 1024]],
      [4, [-1536, -512, 512, 1536]],
    ],
    '%i items → %j',
  );

  it('stays within integer bounds for huge lists', () => {
    const p = rebalancedPositions(5_000_000);
    expect(p[0]).toBeGreaterThanOrEqual(MIN_POSITION);
    expect(p[p.length - 1]).toBeLessThanOrEqual(MAX_POSITION);
    expect(needsRebalance(p)).toBe(false);
  });
});

describe('needsRebalance', () => {
  expectCases(
    needsRebalance,
    [
      [[], false],
      [[1], false],
      [[1, 3, 10], false],
      [[1, 2], true],
      [[5, 5], true],
    ],
    '%j → %s',
  );
});
