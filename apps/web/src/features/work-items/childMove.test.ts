import { expectCases } from '@meridian/domain/test/cases';
import { describe } from 'vitest';
import { childMove } from './childMove';

describe('childMove', () => {
  const ids = ['a', 'b', 'c'];
  expectCases(
    ([index, direction]: [number, 'up' | 'down']) => childMove(ids, index, direction),
    [
      [[0, 'up'], null],
      [[1, 'up'], { adjacentWorkItemId: 'a', relativePosition: 'BEFORE' }],
      [[1, 'down'], { adjacentWorkItemId: 'c', relativePosition: 'AFTER' }],
      [[2, 'down'], null],
      [[5, 'up'], null],
      [[-1, 'down'], null],
    ],
  );
});
