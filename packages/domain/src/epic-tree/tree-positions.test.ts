import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { orderTreeChildren, parseTreeChildKey, planTreeReorder, type TreeChild, treeChildKey } from './tree-positions';

const epic = (id: number, pos: number | null, state: 'opened' | 'closed' = 'opened'): TreeChild => ({
  kind: 'Epic',
  id,
  relative_position: pos,
  state,
});
const issue = (id: number, pos: number | null, state: 'opened' | 'closed' = 'opened'): TreeChild => ({
  kind: 'EpicIssue',
  id,
  relative_position: pos,
  state,
});

describe('orderTreeChildren: one list for child epics and issues', () => {
  expectCases(
    (children: TreeChild[]) => orderTreeChildren(children).map(treeChildKey),
    [
      // Interleaved by position whatever the kind.
      [
        [epic(1, 100), epic(2, 300), issue(1, 200), issue(2, 50)],
        ['EpicIssue:2', 'Epic:1', 'EpicIssue:1', 'Epic:2'],
      ],
      // Same position: open before closed, then epics before issues, then by id.
      [
        [issue(5, 10), epic(9, 10), epic(3, 10, 'closed'), issue(4, 10)],
        ['Epic:9', 'EpicIssue:4', 'EpicIssue:5', 'Epic:3'],
      ],
      // Unplaced last.
      [
        [issue(1, null), epic(1, null), epic(2, 7)],
        ['Epic:2', 'Epic:1', 'EpicIssue:1'],
      ],
      [[], []],
    ],
    '%j → %j',
  );
});

describe('planTreeReorder: epicTreeReorder in the mixed list', () => {
  // Level: Epic:1 (100), EpicIssue:1 (200), Epic:2 (300), EpicIssue:2 (400).
  const level = [epic(1, 100), issue(1, 200), epic(2, 300), issue(2, 400)];
  expectCases(
    ([moved, adjacent, rel]: [TreeChild, TreeChild | undefined, 'before' | 'after' | undefined]) =>
      planTreeReorder(level, moved, adjacent, rel),
    [
      // The issue dragged between the two epics: below Epic:1 (Epic:1 ends up before it).
      [[issue(2, 400), epic(1, 100), 'before'], { updates: [{ id: 'EpicIssue:2', position: 150 }] }],
      // …or above Epic:2 (Epic:2 ends up after it): between EpicIssue:1 and Epic:2.
      [[issue(2, 400), epic(2, 300), 'after'], { updates: [{ id: 'EpicIssue:2', position: 250 }] }],
      // An epic placed after an issue (the last child).
      [[epic(1, 100), issue(2, 400), 'before'], { updates: [{ id: 'Epic:1', position: 1424 }] }],
      // No adjacent: first.
      [[epic(2, 300), undefined, undefined], { updates: [{ id: 'Epic:2', position: -924 }] }],
    ],
    '%j → %j',
  );

  it('rebalances the whole level, both kinds, when there is no room', () => {
    const tight = [epic(1, 10), issue(1, 11), epic(2, 12)];
    const plan = planTreeReorder(tight, epic(2, 12), epic(1, 10), 'before');
    expect(plan).toEqual({
      updates: [
        { id: 'Epic:1', position: -1024 },
        { id: 'Epic:2', position: 0 },
        { id: 'EpicIssue:1', position: 1024 },
      ],
    });
  });

  it('names an adjacent child that is not in the level', () => {
    expect(planTreeReorder(level, epic(1, 100), issue(99, 1), 'after')).toEqual({
      invalid: { field: 'move_after_id', reason: 'not_in_list' },
    });
  });

  it('keys both kinds apart and back', () => {
    expect(parseTreeChildKey(treeChildKey({ kind: 'EpicIssue', id: 7 }))).toEqual({ kind: 'EpicIssue', id: 7 });
    expect(treeChildKey({ kind: 'Epic', id: 7 })).not.toBe(treeChildKey({ kind: 'EpicIssue', id: 7 }));
  });
});
