import { describe, expect, it } from 'vitest';
import { movePositions } from './epic-reorder';

const items = [
  { id: 1, relative_position: 0 },
  { id: 2, relative_position: 1024 },
];

describe('movePositions', () => {
  it('answers the plan of a valid move', () => {
    expect(movePositions(items, 2, undefined, 1)).toEqual([{ id: 2, position: -1024 }]);
  });

  it('400 naming the field for unknown neighbours or none given', () => {
    expect(() => movePositions(items, 1, 99, undefined)).toThrow('move_before_id is invalid');
    expect(() => movePositions(items, 1, undefined, 99)).toThrow('move_after_id is invalid');
    expect(() => movePositions(items, 1, undefined, undefined)).toThrow('move_before_id or move_after_id is missing');
  });
});
