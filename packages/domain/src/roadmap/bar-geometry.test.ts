import { describe, expect, it } from 'vitest';
import { barGeometry, isWithinTimeframe } from './bar-geometry';
import { buildTimeframe } from './timeframe';
import type { BarGeometry, Timeframe } from './types';

// Sunday weeks of Q4 2025: 14 cells, 2025-09-28 … 2026-01-03.
const weeks = buildTimeframe('CURRENT_QUARTER', 'WEEKS', '2025-11-22', 0);
// Months of 2024 (leap year).
const months = buildTimeframe('CURRENT_YEAR', 'MONTHS', '2024-06-01');
// Quarters Q2 2024 … Q2 2027 (13 cells, 2024-04-01 … 2027-06-30).
const quarters = buildTimeframe('THREE_YEARS', 'QUARTERS', '2025-11-22');

type Flags = '' | `${'s' | ''}${'e' | ''}${'S' | ''}${'E' | ''}`;
/** [startCellIndex, left, width, flags]: s/e = start/end out of range, S/E = start/end undefined. */
type Expected = [number, number, number, Flags] | null;

const flagsOf = (g: BarGeometry): string =>
  `${g.startOutOfRange ? 's' : ''}${g.endOutOfRange ? 'e' : ''}${g.startUndefined ? 'S' : ''}${g.endUndefined ? 'E' : ''}`;

describe('barGeometry', () => {
  it.each<[string, Timeframe, string | null, string | null, Expected]>([
    // Weeks: 7 days a cell.
    ['same-day item is one day wide', weeks, '2025-10-01', '2025-10-01', [0, 3 / 7, 1 / 7, '']],
    ['two whole weeks', weeks, '2025-10-05', '2025-10-18', [1, 1, 2, '']],
    ['mid-week to mid-week', weeks, '2025-10-08', '2025-10-14', [1, 1 + 3 / 7, 1, '']],
    ['starts on the timeframe start', weeks, '2025-09-28', '2025-09-28', [0, 0, 1 / 7, '']],
    ['ends on the timeframe start', weeks, '2025-09-01', '2025-09-28', [0, 0, 1 / 7, 's']],
    ['starts on the timeframe end', weeks, '2026-01-03', '2026-02-01', [13, 13 + 6 / 7, 1 / 7, 'e']],
    ['same day on the timeframe end', weeks, '2026-01-03', '2026-01-03', [13, 13 + 6 / 7, 1 / 7, '']],
    ['the whole timeframe exactly', weeks, '2025-09-28', '2026-01-03', [0, 0, 14, '']],
    ['clamped at both ends', weeks, '2025-01-01', '2026-06-01', [0, 0, 14, 'se']],
    ['clamped start', weeks, '2025-09-01', '2025-10-04', [0, 0, 1, 's']],
    ['clamped end', weeks, '2025-12-31', '2026-03-01', [13, 13 + 3 / 7, 4 / 7, 'e']],
    ['no start date', weeks, null, '2025-10-04', [0, 0, 1, 'S']],
    ['no due date', weeks, '2025-12-28', null, [13, 13, 1, 'E']],
    ['no dates at all', weeks, null, null, [0, 0, 14, 'SE']],
    ['no start, due after the timeframe', weeks, null, '2026-05-01', [0, 0, 14, 'eS']],
    ['no due, start before the timeframe', weeks, '2025-01-01', null, [0, 0, 14, 'sE']],
    ['start after due is dropped', weeks, '2025-10-10', '2025-10-09', null],
    ['ends the day before the timeframe', weeks, '2025-09-01', '2025-09-27', null],
    ['starts the day after the timeframe', weeks, '2026-01-04', '2026-02-01', null],
    ['no start, due before the timeframe', weeks, null, '2025-09-27', null],
    ['no due, start after the timeframe', weeks, '2026-01-04', null, null],
    // Months: each cell is that month's length.
    ['leap day', months, '2024-02-29', '2024-02-29', [1, 1 + 28 / 29, 1 / 29, '']],
    ['leap day to March 1', months, '2024-02-29', '2024-03-01', [1, 1 + 28 / 29, 1 / 29 + 1 / 31, '']],
    ['whole February', months, '2024-02-01', '2024-02-29', [1, 1, 1, '']],
    ['mid-January to mid-March', months, '2024-01-16', '2024-03-15', [0, 15 / 31, 16 / 31 + 1 + 15 / 31, '']],
    ['year-end clamp', months, '2024-12-31', '2025-01-31', [11, 11 + 30 / 31, 1 / 31, 'e']],
    ['year-start clamp', months, '2023-12-01', '2024-01-01', [0, 0, 1 / 31, 's']],
    ['the previous year only', months, '2023-01-01', '2023-12-31', null],
    // Quarters: each cell is that quarter's length (Q2 2024 = 91 days, Q4 2025 = 92).
    ['one whole quarter', quarters, '2024-04-01', '2024-06-30', [0, 0, 1, '']],
    ['a day in Q4 2025', quarters, '2025-11-22', '2025-11-22', [6, 6 + 52 / 92, 1 / 92, '']],
    ['Q1 2025 (90 days) to Q2 2025', quarters, '2025-03-31', '2025-04-01', [3, 3 + 89 / 90, 1 / 90 + 1 / 91, '']],
    ['before the span start', quarters, '2024-01-01', '2024-04-30', [0, 0, 30 / 91, 's']],
  ])('%s', (_name, tf, startDate, dueDate, expected) => {
    const g = barGeometry({ startDate, dueDate }, tf);
    expect(isWithinTimeframe({ startDate, dueDate }, tf)).toBe(expected !== null);
    if (expected === null) {
      expect(g).toBeNull();
      return;
    }
    const [startCellIndex, left, width, flags] = expected;
    expect(g).not.toBeNull();
    expect(g!.startCellIndex).toBe(startCellIndex);
    expect(g!.left).toBeCloseTo(left, 12);
    expect(g!.width).toBeCloseTo(width, 12);
    expect(flagsOf(g!)).toBe(flags);
  });

  it('bars always fit inside the timeline', () => {
    for (const tf of [weeks, months, quarters]) {
      for (const [startDate, dueDate] of [
        [null, null],
        ['2000-01-01', '2100-01-01'],
        [tf.start, tf.end],
      ] as const) {
        const g = barGeometry({ startDate, dueDate }, tf)!;
        expect(g.left).toBe(0);
        expect(g.width).toBeCloseTo(tf.cells.length, 12);
      }
    }
  });
});
