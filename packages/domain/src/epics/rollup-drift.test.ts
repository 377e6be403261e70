import { describe, expect, it } from 'vitest';
import { type ChildDueCount, type RollupDrift, rollupDrift } from './rollup-drift';

const cases: Array<[string, string | null, ChildDueCount[], RollupDrift]> = [
  ['no children', '2026-03-31', [], { latestChildDueDate: null, childrenAfterDue: 0, drifting: false }],
  [
    'children inside the plan',
    '2026-03-31',
    [
      { dueDate: '2026-02-01', count: 2 },
      { dueDate: '2026-03-31', count: 1 },
    ],
    { latestChildDueDate: '2026-03-31', childrenAfterDue: 0, drifting: false },
  ],
  [
    'two children end after the epic',
    '2026-03-31',
    [
      { dueDate: '2026-04-12', count: 1 },
      { dueDate: '2026-01-10', count: 3 },
      { dueDate: '2026-04-01', count: 1 },
    ],
    { latestChildDueDate: '2026-04-12', childrenAfterDue: 2, drifting: true },
  ],
  [
    'several children on the same late day',
    '2026-03-31',
    [{ dueDate: '2026-05-01', count: 4 }],
    { latestChildDueDate: '2026-05-01', childrenAfterDue: 4, drifting: true },
  ],
  [
    'no planned due date: nothing drifts',
    null,
    [{ dueDate: '2026-05-01', count: 1 }],
    { latestChildDueDate: '2026-05-01', childrenAfterDue: 0, drifting: false },
  ],
];

describe('rollupDrift', () => {
  it.each(cases)('%s', (_name, planned, children, expected) => {
    expect(rollupDrift(planned, children)).toEqual(expected);
  });
});
