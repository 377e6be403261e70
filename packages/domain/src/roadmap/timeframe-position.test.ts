import { describe, expect, it } from 'vitest';
import { buildTimeframe } from './timeframe';
import { type DayInTimeframe, dayEndPosition, dayStartPosition, locateDay } from './timeframe-position';

// Monday weeks of Q2 2024: 13 cells, 2024-04-01 … 2024-06-30.
const weeks = buildTimeframe('CURRENT_QUARTER', 'WEEKS', '2024-05-15', 1);
const months = buildTimeframe('CURRENT_YEAR', 'MONTHS', '2024-05-15');

describe('locateDay', () => {
  it.each([
    ['first day', weeks, '2024-04-01', { cellIndex: 0, dayIndexInCell: 0, daysInCell: 7 }],
    ['a Sunday', weeks, '2024-04-07', { cellIndex: 0, dayIndexInCell: 6, daysInCell: 7 }],
    ['last day', weeks, '2024-06-30', { cellIndex: 12, dayIndexInCell: 6, daysInCell: 7 }],
    ['before', weeks, '2024-03-31', null],
    ['after', weeks, '2024-07-01', null],
    ['leap day', months, '2024-02-29', { cellIndex: 1, dayIndexInCell: 28, daysInCell: 29 }],
    ['April 30', months, '2024-04-30', { cellIndex: 3, dayIndexInCell: 29, daysInCell: 30 }],
  ] as const)('%s', (_name, tf, date, expected) => {
    expect(locateDay(tf, date)).toEqual(expected);
  });
});

describe('day positions', () => {
  it.each<[DayInTimeframe, number, number]>([
    [{ cellIndex: 0, dayIndexInCell: 0, daysInCell: 7 }, 0, 1 / 7],
    [{ cellIndex: 2, dayIndexInCell: 6, daysInCell: 7 }, 2 + 6 / 7, 3],
    [{ cellIndex: 1, dayIndexInCell: 28, daysInCell: 29 }, 1 + 28 / 29, 2],
  ])('%j starts at %d and ends at %d', (at, start, end) => {
    expect(dayStartPosition(at)).toBeCloseTo(start, 12);
    expect(dayEndPosition(at)).toBeCloseTo(end, 12);
  });
});
