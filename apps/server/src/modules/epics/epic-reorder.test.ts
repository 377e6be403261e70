import { describe, expect, it } from 'vitest';
import { planMove, positionAfterLast } from './epic-reorder';

const items = [
  { id: 1, relative_position: 0 },
  { id: 2, relative_position: 1024 },
  { id: 3, relative_position: 2048 },
];

describe('planMove', () => {
  const cases: Array<
    [string, number, number | undefined, number | undefined, Array<{ id: number; position: number }>]
  > = [
    ['3 right after 1 (move_before_id)', 3, 1, undefined, [{ id: 3, position: 512 }]],
    ['3 right before 1 (move_after_id)', 3, undefined, 1, [{ id: 3, position: -1024 }]],
    ['1 after 3: to the end', 1, 3, undefined, [{ id: 1, position: 3072 }]],
    ['both neighbours given', 1, 2, 3, [{ id: 1, position: 1536 }]],
  ];
  for (const [name, moved, before, after, expected] of cases) {
    it(name, () => expect(planMove(items, moved, before, after)).toEqual(expected));
  }

  it('rebalances when there is no gap', () => {
    const tight = [
      { id: 1, relative_position: 10 },
      { id: 2, relative_position: 11 },
      { id: 3, relative_position: 12 },
    ];
    expect(planMove(tight, 3, 1, undefined).map((u) => u.id)).toEqual([1, 3, 2]);
  });

  it('rebalances when neighbours are unpositioned', () => {
    const loose = [
      { id: 1, relative_position: null },
      { id: 2, relative_position: null },
    ];
    expect(planMove(loose, 2, undefined, 1)).toEqual([
      { id: 2, position: -512 },
      { id: 1, position: 512 },
    ]);
  });

  it('400 for unknown neighbours or none given', () => {
    expect(() => planMove(items, 1, 99, undefined)).toThrow(/move_before_id/);
    expect(() => planMove(items, 1, undefined, 99)).toThrow(/move_after_id/);
    expect(() => planMove(items, 1, undefined, undefined)).toThrow(/missing/);
  });

  it('positionAfterLast', () => {
    expect(positionAfterLast([])).toBe(0);
    expect(positionAfterLast(items)).toBe(3072);
  });
});
