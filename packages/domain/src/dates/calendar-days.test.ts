import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import {
  addDays,
  addMonths,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  endOfMonth,
  endOfQuarter,
  fromDayNumber,
  joinDate,
  quarterOf,
  startOfQuarter,
  startOfWeek,
  toDayNumber,
} from './calendar-days';

describe('day numbers', () => {
  it.each<[string, number]>([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2000-03-01', 11_017],
    ['2024-02-29', 19_782],
  ])('%s ↔ %i', (date, n) => {
    expect(toDayNumber(date)).toBe(n);
    expect(fromDayNumber(n)).toBe(date);
  });

  it('throws on a malformed date', () => {
    expect(() => toDayNumber('2025/01/01')).toThrow(RangeError);
  });

  it('joinDate carries months into years', () => {
    expect([joinDate(2025, 13, 1), joinDate(2025, 0, 1), joinDate(2025, -11, 5)]).toEqual([
      '2026-01-01',
      '2024-12-01',
      '2024-01-05',
    ]);
  });
});

describe('addDays / addMonths / daysBetween', () => {
  it.each<[string, number, string]>([
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2025-03-30', 0, '2025-03-30'],
    ['2024-01-01', 366, '2025-01-01'],
  ])('addDays(%s, %i) → %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(n);
  });

  it.each<[string, number, string]>([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2025-03-31', -1, '2025-02-28'],
    ['2025-05-31', 1, '2025-06-30'],
    ['2025-11-15', 2, '2026-01-15'],
    ['2026-01-15', -18, '2024-07-15'],
    ['2025-08-31', 0, '2025-08-31'],
  ])('addMonths(%s, %i) → %s', (date, n, expected) => {
    expect(addMonths(date, n)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [2024, 2, 29],
    [2023, 2, 28],
    [2100, 2, 28],
    [2000, 2, 29],
    [2025, 4, 30],
    [2025, 12, 31],
  ])('daysInMonth(%i, %i) → %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('weeks, months and quarters', () => {
  expectCases(
    dayOfWeek,
    [
      ['1970-01-01', 4],
      ['2024-02-29', 4],
      ['2025-11-22', 6],
      ['2025-11-23', 0],
      ['2026-01-01', 4],
    ],
    'dayOfWeek(%s) → %i',
  );

  it.each<[string, number, string]>([
    ['2025-10-01', 0, '2025-09-28'],
    ['2025-10-01', 1, '2025-09-29'],
    ['2025-10-01', 6, '2025-09-27'],
    ['2025-09-28', 0, '2025-09-28'],
    ['2025-09-27', 6, '2025-09-27'],
    ['2025-09-28', 1, '2025-09-22'],
    ['2027-01-01', 0, '2026-12-27'],
    ['2024-03-01', 3, '2024-02-28'],
  ])('startOfWeek(%s, %i) → %s', (date, weekStart, expected) => {
    expect(startOfWeek(date, weekStart)).toBe(expected);
  });

  it.each<[string, number, string, string, string]>([
    ['2025-01-01', 1, '2025-01-01', '2025-03-31', '2025-01-31'],
    ['2024-02-29', 1, '2024-01-01', '2024-03-31', '2024-02-29'],
    ['2025-02-10', 1, '2025-01-01', '2025-03-31', '2025-02-28'],
    ['2025-04-01', 2, '2025-04-01', '2025-06-30', '2025-04-30'],
    ['2025-09-30', 3, '2025-07-01', '2025-09-30', '2025-09-30'],
    ['2025-12-31', 4, '2025-10-01', '2025-12-31', '2025-12-31'],
  ])('%s: Q%i %s…%s, month ends %s', (date, quarter, qStart, qEnd, monthEnd) => {
    expect([quarterOf(date), startOfQuarter(date), endOfQuarter(date), endOfMonth(date)]).toEqual([
      quarter,
      qStart,
      qEnd,
      monthEnd,
    ]);
  });
});
