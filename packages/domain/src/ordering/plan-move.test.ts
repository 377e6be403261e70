import { describe, expect, it } from 'vitest';
import { planMove, positionAfterLast } from './plan-move';

const items = [
  { id: 1, relative_position: 0 },
  { id: 2, relative_position: 1024 },
  { id: 3, relative_position: 2048 },
];

describe('planMove', () => {
  it.each<[string, number, number | undefined, number | undefined, Array<{ id: number; position: number }>]>([
    ['3 right after 1 (move_before_id)', 3, 1, undefined, [{ id: 3, position: 512 }]],
    ['3 right before 1 (move_after_id)', 3, undefined, 1, [{ id: 3, position: -1024 }]],
    ['1 after 3: to the end', 1, 3, undefined, [{ id: 1, position: 3072 }]],
    ['both neighbours given', 1, 2, 3, [{ id: 1, position: 1536 }]],
  ])('%s', (_name, moved, before, after, expected) => {
    expect(planMove(items, moved, before, after)).toEqual({ updates: expected });
  });

  it('rebalances when there is no gap', () => {
    const tight = [
      { id: 1, relative_position: 10 },
      { id: 2, relative_position: 11 },
      { id: 3, relative_position: 12 },
    ];
    const plan = planMove(tight, 3, 1, undefined);
    expect('updates' in plan && plan.updates.map((u) => u.id)).toEqual([1, 3, 2]);
  });

  it('rebalances when neighbours are unpositioned', () => {
    const loose = [
      { id: 1, relative_position: null },
      { id: 2, relative_position: null },
    ];
    expect(planMove(loose, 2, undefined, 1)).toEqual({
      updates: [
        { id: 2, position: -512 },
        { id: 1, position: 512 },
      ],
    });
  });

  it.each<[string, number | undefined, number | undefined, object]>([
    ['unknown move_before_id', 99, undefined, { field: 'move_before_id', reason: 'not_in_list' }],
    ['unknown move_after_id', undefined, 99, { field: 'move_after_id', reason: 'not_in_list' }],
    ['known before, unknown after', 2, 99, { field: 'move_after_id', reason: 'not_in_list' }],
    ['no neighbour', undefined, undefined, { field: 'move_before_id', reason: 'missing' }],
  ])('refuses a move with %s', (_name, before, after, invalid) => {
    expect(planMove(items, 1, before, after)).toEqual({ invalid });
  });

  it('positionAfterLast', () => {
    expect(positionAfterLast([])).toBe(0);
    expect(positionAfterLast(items)).toBe(3072);
  });
});
