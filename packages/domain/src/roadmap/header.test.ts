import { describe, expect, it } from 'vitest';
import { timeframeHeaderItems, todayMarker } from './header';
import { buildTimeframe } from './timeframe';
import type { PresetType, TimeframeRangeType, WeekStart } from './types';

describe('timeframeHeaderItems', () => {
  it.each<[string, TimeframeRangeType, PresetType, string, WeekStart, string[]]>([
    [
      'three years of quarters: year on the first item and every Q1',
      'THREE_YEARS',
      'QUARTERS',
      '2025-11-22',
      0,
      ['Q2 2024', 'Q3', 'Q4', 'Q1 2025', 'Q2', 'Q3', 'Q4', 'Q1 2026', 'Q2', 'Q3', 'Q4', 'Q1 2027', 'Q2'],
    ],
    [
      'quarters starting on a Q1',
      'THREE_YEARS',
      'QUARTERS',
      '2025-08-01',
      0,
      ['Q1 2024', 'Q2', 'Q3', 'Q4', 'Q1 2025', 'Q2', 'Q3', 'Q4', 'Q1 2026', 'Q2', 'Q3', 'Q4', 'Q1 2027'],
    ],
    [
      'a year of months',
      'CURRENT_YEAR',
      'MONTHS',
      '2024-02-29',
      0,
      ['Jan 2024', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    ],
    [
      'a quarter of Sunday weeks',
      'CURRENT_QUARTER',
      'WEEKS',
      '2025-11-22',
      0,
      [
        'Sep 28, 2025',
        'Oct 5',
        'Oct 12',
        'Oct 19',
        'Oct 26',
        'Nov 2',
        'Nov 9',
        'Nov 16',
        'Nov 23',
        'Nov 30',
        'Dec 7',
        'Dec 14',
        'Dec 21',
        'Dec 28',
      ],
    ],
    [
      'weeks across New Year: the first week starting in 2027 carries the year',
      'CURRENT_QUARTER',
      'WEEKS',
      '2027-02-01',
      0,
      [
        'Dec 27, 2026',
        'Jan 3, 2027',
        'Jan 10',
        'Jan 17',
        'Jan 24',
        'Jan 31',
        'Feb 7',
        'Feb 14',
        'Feb 21',
        'Feb 28',
        'Mar 7',
        'Mar 14',
        'Mar 21',
        'Mar 28',
      ],
    ],
    [
      'Monday weeks of Q2 2024',
      'CURRENT_QUARTER',
      'WEEKS',
      '2024-04-01',
      1,
      [
        'Apr 1, 2024',
        'Apr 8',
        'Apr 15',
        'Apr 22',
        'Apr 29',
        'May 6',
        'May 13',
        'May 20',
        'May 27',
        'Jun 3',
        'Jun 10',
        'Jun 17',
        'Jun 24',
      ],
    ],
  ])('%s', (_name, range, preset, today, weekStart, labels) => {
    expect(timeframeHeaderItems(buildTimeframe(range, preset, today, weekStart), today).map((h) => h.label)).toEqual(
      labels,
    );
  });

  it('labels three years of months with the year on the first item and every January', () => {
    const labels = timeframeHeaderItems(buildTimeframe('THREE_YEARS', 'MONTHS', '2025-11-22'), '2025-11-22').map(
      (h) => h.label,
    );
    expect(labels.filter((l) => l.includes(' '))).toEqual(['May 2024', 'Jan 2025', 'Jan 2026', 'Jan 2027']);
    expect(labels.slice(0, 9)).toEqual(['May 2024', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan 2025']);
    expect(labels).toHaveLength(36);
  });

  it('labels three years of Saturday weeks with the year once per year', () => {
    const labels = timeframeHeaderItems(buildTimeframe('THREE_YEARS', 'WEEKS', '2025-11-22', 6), '2025-11-22').map(
      (h) => h.label,
    );
    expect(labels.filter((l) => l.includes(','))).toEqual([
      'Apr 27, 2024',
      'Jan 4, 2025',
      'Jan 3, 2026',
      'Jan 2, 2027',
    ]);
  });

  it.each<[string, WeekStart, number[], number[]]>([
    ['2025-11-22', 0, [28, 29, 30, 1, 2, 3, 4], [28, 29, 30, 31, 1, 2, 3]],
    ['2025-11-22', 1, [29, 30, 1, 2, 3, 4, 5], [29, 30, 31, 1, 2, 3, 4]],
    ['2024-02-29', 6, [30, 31, 1, 2, 3, 4, 5], [30, 31, 1, 2, 3, 4, 5]],
  ])('weeks of the quarter of %s (week start %i) have sub-days', (today, weekStart, first, last) => {
    const items = timeframeHeaderItems(buildTimeframe('CURRENT_QUARTER', 'WEEKS', today, weekStart), today);
    expect(items[0]!.subDays).toEqual(first);
    expect(items[items.length - 1]!.subDays).toEqual(last);
    expect(items.every((h) => h.subDays.length === 7)).toBe(true);
  });

  it('a leap-year February week lists the 29th', () => {
    const items = timeframeHeaderItems(buildTimeframe('CURRENT_QUARTER', 'WEEKS', '2024-02-29', 0), '2024-02-29');
    const week = items.find((h) => h.containsToday)!;
    expect([week.label, week.subDays]).toEqual(['Feb 25', [25, 26, 27, 28, 29, 1, 2]]);
  });

  it.each<PresetType>(['QUARTERS', 'MONTHS'])('%s have no sub-days', (preset) => {
    const items = timeframeHeaderItems(buildTimeframe('THREE_YEARS', preset, '2025-11-22'), '2025-11-22');
    expect(items.every((h) => h.subDays.length === 0)).toBe(true);
  });

  it.each<[TimeframeRangeType, PresetType, string, string, number]>([
    ['CURRENT_QUARTER', 'WEEKS', '2025-11-22', '2025-11-22', 7],
    ['CURRENT_QUARTER', 'WEEKS', '2025-11-22', '2025-11-23', 8],
    ['CURRENT_QUARTER', 'WEEKS', '2025-10-01', '2025-10-01', 0],
    ['CURRENT_YEAR', 'MONTHS', '2024-02-29', '2024-02-29', 1],
    ['CURRENT_YEAR', 'MONTHS', '2025-12-31', '2025-12-31', 11],
    ['THREE_YEARS', 'QUARTERS', '2025-11-22', '2025-11-22', 6],
    ['THREE_YEARS', 'MONTHS', '2025-11-22', '2025-11-22', 18],
    ['THREE_YEARS', 'MONTHS', '2025-11-22', '2030-01-01', -1],
    ['CURRENT_YEAR', 'MONTHS', '2025-06-01', '2024-12-31', -1],
  ])('%s/%s built on %s: today %s is in cell %i', (range, preset, built, today, index) => {
    const items = timeframeHeaderItems(buildTimeframe(range, preset, built), today);
    expect(items.findIndex((h) => h.containsToday)).toBe(index);
    expect(items.filter((h) => h.containsToday).length).toBe(index === -1 ? 0 : 1);
  });
});

describe('todayMarker', () => {
  const quarterWeeks = buildTimeframe('CURRENT_QUARTER', 'WEEKS', '2025-11-22', 0); // 2025-09-28 … 2026-01-03
  const leapMonths = buildTimeframe('CURRENT_YEAR', 'MONTHS', '2024-02-29');
  const quarters = buildTimeframe('THREE_YEARS', 'QUARTERS', '2025-11-22'); // 2024-04-01 … 2027-06-30

  it.each([
    ['Saturday, last day of its week', quarterWeeks, '2025-11-22', { cellIndex: 7, offset: 6.5 / 7 }],
    ['Sunday, first day of its week', quarterWeeks, '2025-11-23', { cellIndex: 8, offset: 0.5 / 7 }],
    ['first day of the timeframe', quarterWeeks, '2025-09-28', { cellIndex: 0, offset: 0.5 / 7 }],
    ['last day of the timeframe', quarterWeeks, '2026-01-03', { cellIndex: 13, offset: 6.5 / 7 }],
    ['the day before the timeframe', quarterWeeks, '2025-09-27', null],
    ['the day after the timeframe', quarterWeeks, '2026-01-04', null],
    ['leap day in a 29-day month', leapMonths, '2024-02-29', { cellIndex: 1, offset: 28.5 / 29 }],
    ['first of March', leapMonths, '2024-03-01', { cellIndex: 2, offset: 0.5 / 31 }],
    ['December 31', leapMonths, '2024-12-31', { cellIndex: 11, offset: 30.5 / 31 }],
    ['inside a 92-day quarter', quarters, '2025-11-22', { cellIndex: 6, offset: 52.5 / 92 }],
    ['first day of a 91-day quarter', quarters, '2024-04-01', { cellIndex: 0, offset: 0.5 / 91 }],
    ['last day of the quarters', quarters, '2027-06-30', { cellIndex: 12, offset: 90.5 / 91 }],
  ] as const)('%s', (_name, tf, today, expected) => {
    const marker = todayMarker(tf, today);
    if (expected === null) {
      expect(marker).toBeNull();
      return;
    }
    expect(marker?.cellIndex).toBe(expected.cellIndex);
    expect(marker?.offset).toBeCloseTo(expected.offset, 12);
    expect(marker!.offset).toBeGreaterThanOrEqual(0);
    expect(marker!.offset).toBeLessThan(1);
  });
});
