import { describe, expect, it } from 'vitest';
import { iterationState, plannedIterations } from './iteration-state';

describe('iterationState', () => {
  it.each([
    ['2024-01-10', '2024-01-20', '2024-01-09', 'upcoming'],
    ['2024-01-10', '2024-01-20', '2024-01-10', 'current'],
    ['2024-01-10', '2024-01-20', '2024-01-20', 'current'],
    ['2024-01-10', '2024-01-20', '2024-01-21', 'closed'],
  ])('%s..%s on %s → %s', (s, d, today, expected) => {
    expect(iterationState(s, d, today)).toBe(expected);
  });
});

describe('plannedIterations', () => {
  it('covers the past, the current period and N upcoming ones', () => {
    expect(plannedIterations('2024-01-01', 2, 2, '2024-01-20')).toEqual([
      { startDate: '2024-01-01', dueDate: '2024-01-14' },
      { startDate: '2024-01-15', dueDate: '2024-01-28' },
      { startDate: '2024-01-29', dueDate: '2024-02-11' },
      { startDate: '2024-02-12', dueDate: '2024-02-25' },
    ]);
    expect(plannedIterations('2030-01-01', 1, 0, '2024-01-01')).toEqual([]);
    expect(plannedIterations('2000-01-01', 1, 3, '2024-01-01', 10)).toHaveLength(10);
  });
});
