import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import {
  type KeyboardMoveContext,
  type KeyboardMoveKey,
  keyboardMove,
  moveInList,
  moveIntoPlacement,
  reorderPlacement,
  sortTreeChildren,
} from './tree-moves';

const ids = ['a', 'b', 'c', 'd'];

describe('sortTreeChildren: by relativePosition, then open before closed', () => {
  const item = (id: string, relativePosition: number | null, state: 'opened' | 'closed' = 'opened') => ({
    id,
    relativePosition,
    state,
  });
  expectCases(
    (items: ReturnType<typeof item>[]) => sortTreeChildren(items).map((i) => i.id),
    [
      [
        [item('a', 3), item('b', 1), item('c', 2)],
        ['b', 'c', 'a'],
      ],
      [
        [item('closed', 1, 'closed'), item('open', 1)],
        ['open', 'closed'],
      ],
      [
        [item('none', null), item('p', 5)],
        ['p', 'none'],
      ],
      [
        [item('x', null, 'closed'), item('y', null)],
        ['y', 'x'],
      ],
      [
        [item('first', 1), item('second', 1)],
        ['first', 'second'],
      ],
      [
        [item('neg', -100), item('zero', 0)],
        ['neg', 'zero'],
      ],
    ],
  );
});

describe('reorderPlacement: GitLab rule (after at index 0; before at the end or downward; else after)', () => {
  expectCases(
    ([from, to]: [number, number]) => reorderPlacement(ids, from, to),
    [
      [[2, 0], { adjacentId: 'a', relativePosition: 'after' }],
      [[3, 0], { adjacentId: 'a', relativePosition: 'after' }],
      [[0, 3], { adjacentId: 'd', relativePosition: 'before' }],
      [[1, 3], { adjacentId: 'd', relativePosition: 'before' }],
      [[0, 1], { adjacentId: 'b', relativePosition: 'before' }],
      [[0, 2], { adjacentId: 'c', relativePosition: 'before' }],
      [[3, 1], { adjacentId: 'b', relativePosition: 'after' }],
      [[2, 1], { adjacentId: 'b', relativePosition: 'after' }],
      [[1, 1], null],
      [[0, 4], null],
      [[-1, 0], null],
    ],
  );
});

describe('moveIntoPlacement: into another parent', () => {
  expectCases(
    ([siblings, index]: [string[], number]) => moveIntoPlacement(siblings, index),
    [
      [[[], 0], {}],
      [[[], 5], {}],
      [[['x', 'y'], 0], { adjacentId: 'x', relativePosition: 'after' }],
      [[['x', 'y'], 1], { adjacentId: 'x', relativePosition: 'before' }],
      [[['x', 'y'], 2], { adjacentId: 'y', relativePosition: 'before' }],
      [[['x', 'y'], 9], { adjacentId: 'y', relativePosition: 'before' }],
    ],
  );
});

describe('moveInList', () => {
  expectCases(
    ([from, to]: [number, number]) => moveInList(ids, from, to).join(''),
    [
      [[0, 3], 'bcda'],
      [[3, 0], 'dabc'],
      [[1, 2], 'acbd'],
      [[2, 2], 'abcd'],
      [[9, 0], 'abcd'],
    ],
  );
});

describe('keyboardMove', () => {
  const base: KeyboardMoveContext = {
    siblingIds: ['e1', 'i1', 'e2'],
    index: 1,
    parentId: 'root',
    grandparent: null,
    previousEpic: { id: 'e1', childIds: ['c1', 'c2'] },
  };
  expectCases(
    ([key, ctx]: [KeyboardMoveKey, Partial<KeyboardMoveContext>]) => keyboardMove(key, { ...base, ...ctx }),
    [
      [['up', {}], { adjacentId: 'e1', relativePosition: 'after', targetParentId: 'root', targetIndex: 0 }],
      [['down', {}], { adjacentId: 'e2', relativePosition: 'before', targetParentId: 'root', targetIndex: 2 }],
      [['up', { index: 0 }], null],
      [['down', { index: 2 }], null],
      [
        ['indent', {}],
        { adjacentId: 'c2', relativePosition: 'before', newParentId: 'e1', targetParentId: 'e1', targetIndex: 2 },
      ],
      [
        ['indent', { previousEpic: { id: 'e1', childIds: [] } }],
        { newParentId: 'e1', targetParentId: 'e1', targetIndex: 0 },
      ],
      [['indent', { previousEpic: null }], null],
      [['indent', { index: 0 }], null],
      [['outdent', {}], null],
      [
        ['outdent', { parentId: 'p', grandparent: { id: 'gp', parentIndex: 3 } }],
        { adjacentId: 'p', relativePosition: 'before', newParentId: 'gp', targetParentId: 'gp', targetIndex: 4 },
      ],
    ],
  );
});
