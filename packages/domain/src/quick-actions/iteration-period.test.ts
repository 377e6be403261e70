import { describe, expect, it } from 'vitest';
import { type DatedIteration, iterationInPeriod } from './iteration-period';

const it1: DatedIteration = { id: 1, startDate: '2026-11-02', dueDate: '2026-11-15' };
const it2: DatedIteration = { id: 2, startDate: '2026-11-16', dueDate: '2026-11-29' };
const it3: DatedIteration = { id: 3, startDate: '2026-12-07', dueDate: '2026-12-20' };
const all = [it3, it1, it2];

describe('iterationInPeriod', () => {
  it.each([
    ['2026-11-01', 'current', null],
    ['2026-11-02', 'current', 1],
    ['2026-11-15', 'current', 1],
    ['2026-11-16', 'current', 2],
    ['2026-11-25', 'current', 2],
    ['2026-12-01', 'current', null], // a gap between iterations
    ['2026-12-20', 'current', 3],
    ['2026-12-21', 'current', null],
    ['2026-11-01', 'next', 1],
    ['2026-11-02', 'next', 2],
    ['2026-11-25', 'next', 3],
    ['2026-12-01', 'next', 3],
    ['2026-12-07', 'next', null],
  ] as const)('on %s, %s → %s', (today, period, id) => {
    expect(iterationInPeriod(all, today, period)?.id ?? null).toBe(id);
  });

  it('crosses a year end and picks the earliest of overlapping iterations', () => {
    const dec = { id: 7, startDate: '2026-12-28', dueDate: '2027-01-10' };
    const overlap = { id: 8, startDate: '2027-01-04', dueDate: '2027-01-17' };
    expect(iterationInPeriod([overlap, dec], '2027-01-05', 'current')?.id).toBe(7);
    expect(iterationInPeriod([overlap, dec], '2026-12-31', 'next')?.id).toBe(8);
    expect(iterationInPeriod([], '2027-01-05', 'current')).toBeNull();
  });
});
