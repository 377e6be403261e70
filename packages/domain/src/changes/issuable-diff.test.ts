import { describe, expect, it } from 'vitest';
import { diffSnapshots, hookAction, hookChanges, type IssuableSnapshot } from './issuable-diff';

const base: IssuableSnapshot = { title: 'T', description: '', state: 'opened', confidential: false };

describe('diffSnapshots', () => {
  it.each<[string, IssuableSnapshot | null, IssuableSnapshot, unknown[]]>([
    ['nothing changed', base, { ...base }, []],
    ['title', base, { ...base, title: 'U' }, [{ field: 'title', previous: 'T', current: 'U' }]],
    ['closed', base, { ...base, state: 'closed' }, [{ field: 'state', previous: 'opened', current: 'closed' }]],
    [
      'a field set from nothing counts as null',
      base,
      { ...base, weight: 3 },
      [{ field: 'weight', previous: null, current: 3 }],
    ],
    [
      'a field cleared',
      { ...base, due_date: '2026-12-01' },
      { ...base, due_date: null },
      [{ field: 'due_date', previous: '2026-12-01', current: null }],
    ],
    ['a field the after snapshot leaves out is not compared', { ...base, weight: 2 }, base, []],
    [
      'labels, in any order',
      { ...base, labelIds: [2, 1] },
      { ...base, labelIds: [1, 3] },
      [{ field: 'labelIds', previous: [1, 2], current: [1, 3], added: [3], removed: [2] }],
    ],
    ['the same label set reordered', { ...base, labelIds: [2, 1] }, { ...base, labelIds: [1, 2] }, []],
    ['a set one side does not hold is not compared', base, { ...base, assigneeIds: [5] }, []],
    [
      'creation: every field set, sets from empty',
      null,
      { ...base, title: 'New', assigneeIds: [4], labelIds: [] },
      [
        { field: 'title', previous: '', current: 'New' },
        { field: 'assigneeIds', previous: [], current: [4], added: [4], removed: [] },
      ],
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(diffSnapshots(before, after)).toEqual(expected);
  });
});

describe('hookAction', () => {
  it.each<[IssuableSnapshot | null, IssuableSnapshot, string]>([
    [null, base, 'open'],
    [base, { ...base, title: 'x' }, 'update'],
    [base, { ...base, state: 'closed' }, 'close'],
    [{ ...base, state: 'closed' }, base, 'reopen'],
    [base, { ...base, state: 'merged' }, 'merge'],
  ])('%o → %o is %s', (before, after, action) => {
    expect(hookAction(before, diffSnapshots(before, after))).toBe(action);
  });
});

describe('hookChanges', () => {
  it('names fields as GitLab and turns ids into objects', () => {
    const changes = diffSnapshots(
      { ...base, labelIds: [1], assigneeIds: [] },
      { ...base, state: 'closed', milestone_id: 7, labelIds: [2], assigneeIds: [9] },
    );
    const objects = (field: string, ids: number[]) => ids.map((id) => ({ field, id }));
    expect(hookChanges(changes, objects)).toEqual({
      state_id: { previous: 1, current: 2 },
      milestone_id: { previous: null, current: 7 },
      labels: { previous: [{ field: 'labelIds', id: 1 }], current: [{ field: 'labelIds', id: 2 }] },
      assignees: { previous: [], current: [{ field: 'assigneeIds', id: 9 }] },
    });
  });
});
