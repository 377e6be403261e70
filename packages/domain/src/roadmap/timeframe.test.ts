import { describe, expect, it } from 'vitest';
import { daysBetween } from '../dates/calendar-days';
import { expectCases } from '../test/cases';
import {
  buildTimeframe,
  defaultPresetFor,
  parsePresetType,
  parseTimeframeRangeType,
  presetsFor,
  weekStartFrom,
} from './timeframe';
import type { PresetType, Timeframe, TimeframeRangeType, WeekStart } from './types';

describe('presets', () => {
  it.each<[TimeframeRangeType, PresetType[], PresetType]>([
    ['CURRENT_QUARTER', ['WEEKS'], 'WEEKS'],
    ['CURRENT_YEAR', ['MONTHS', 'WEEKS'], 'MONTHS'],
    ['THREE_YEARS', ['QUARTERS', 'MONTHS', 'WEEKS'], 'QUARTERS'],
  ])('%s offers %j, default %s', (range, presets, preset) => {
    expect(presetsFor(range)).toEqual(presets);
    expect(defaultPresetFor(range)).toBe(preset);
  });

  it('presetsFor returns a copy', () => {
    presetsFor('THREE_YEARS').pop();
    expect(presetsFor('THREE_YEARS')).toHaveLength(3);
  });
});

describe('parseTimeframeRangeType', () => {
  expectCases(
    parseTimeframeRangeType,
    [
      ['CURRENT_QUARTER', 'CURRENT_QUARTER'],
      ['CURRENT_YEAR', 'CURRENT_YEAR'],
      ['THREE_YEARS', 'THREE_YEARS'],
      ['three_years', 'THREE_YEARS'],
      ['Current_Year', 'CURRENT_YEAR'],
      [' CURRENT_YEAR ', 'CURRENT_YEAR'],
      ['CURRENT_MONTH', 'CURRENT_QUARTER'],
      ['', 'CURRENT_QUARTER'],
      [null, 'CURRENT_QUARTER'],
      [undefined, 'CURRENT_QUARTER'],
    ],
    '%j → %s',
  );
});

describe('parsePresetType', () => {
  it.each<[string | null | undefined, TimeframeRangeType, PresetType]>([
    ['WEEKS', 'CURRENT_QUARTER', 'WEEKS'],
    ['MONTHS', 'CURRENT_QUARTER', 'WEEKS'],
    ['QUARTERS', 'CURRENT_QUARTER', 'WEEKS'],
    ['WEEKS', 'CURRENT_YEAR', 'WEEKS'],
    ['weeks', 'CURRENT_YEAR', 'WEEKS'],
    ['QUARTERS', 'CURRENT_YEAR', 'MONTHS'],
    [null, 'CURRENT_YEAR', 'MONTHS'],
    ['MONTHS', 'THREE_YEARS', 'MONTHS'],
    ['Weeks', 'THREE_YEARS', 'WEEKS'],
    ['DAYS', 'THREE_YEARS', 'QUARTERS'],
    [undefined, 'THREE_YEARS', 'QUARTERS'],
  ])('%j for %s → %s', (value, range, expected) => {
    expect(parsePresetType(value, range)).toBe(expected);
  });
});

describe('weekStartFrom', () => {
  expectCases(
    weekStartFrom,
    [
      [0, 0],
      [1, 1],
      [6, 6],
      ['1', 1],
      ['6', 6],
      [' 3 ', 3],
      [7, 0],
      [-1, 0],
      [1.5, 0],
      ['1.5', 0],
      ['monday', 0],
      ['', 0],
      [null, 0],
      [undefined, 0],
      [true, 0],
      [{}, 0],
      [Number.NaN, 0],
    ],
    '%j → %i',
  );
});

/** [first cell, last cell, cell count]. */
type Shape = [first: [string, string], last: [string, string], count: number];

function shape(tf: Timeframe): Shape {
  const first = tf.cells[0]!;
  const last = tf.cells[tf.cells.length - 1]!;
  return [[first.start, first.end], [last.start, last.end], tf.cells.length];
}

describe('buildTimeframe', () => {
  it.each<[string, TimeframeRangeType, PresetType, string, WeekStart, Shape]>([
    // Current quarter: the weeks covering Oct 1 (Wed) … Dec 31 (Wed) 2025.
    [
      'Q4 2025, Sunday weeks',
      'CURRENT_QUARTER',
      'WEEKS',
      '2025-11-22',
      0,
      [['2025-09-28', '2025-10-04'], ['2025-12-28', '2026-01-03'], 14],
    ],
    [
      'Q4 2025, Monday weeks',
      'CURRENT_QUARTER',
      'WEEKS',
      '2025-11-22',
      1,
      [['2025-09-29', '2025-10-05'], ['2025-12-29', '2026-01-04'], 14],
    ],
    [
      'Q4 2025, Saturday weeks',
      'CURRENT_QUARTER',
      'WEEKS',
      '2025-11-22',
      6,
      [['2025-09-27', '2025-10-03'], ['2025-12-27', '2026-01-02'], 14],
    ],
    [
      'today on the quarter’s first day',
      'CURRENT_QUARTER',
      'WEEKS',
      '2025-10-01',
      0,
      [['2025-09-28', '2025-10-04'], ['2025-12-28', '2026-01-03'], 14],
    ],
    [
      'today on the quarter’s last day',
      'CURRENT_QUARTER',
      'WEEKS',
      '2025-12-31',
      0,
      [['2025-09-28', '2025-10-04'], ['2025-12-28', '2026-01-03'], 14],
    ],
    // Q2 2024 runs Mon Apr 1 … Sun Jun 30: Monday weeks fit it exactly.
    [
      'Q2 2024, exact Monday fit',
      'CURRENT_QUARTER',
      'WEEKS',
      '2024-05-15',
      1,
      [['2024-04-01', '2024-04-07'], ['2024-06-24', '2024-06-30'], 13],
    ],
    [
      'Q1 2024 (leap), Sunday weeks',
      'CURRENT_QUARTER',
      'WEEKS',
      '2024-02-29',
      0,
      [['2023-12-31', '2024-01-06'], ['2024-03-31', '2024-04-06'], 14],
    ],
    [
      'a disallowed preset falls back to the default',
      'CURRENT_QUARTER',
      'MONTHS',
      '2025-11-22',
      0,
      [['2025-09-28', '2025-10-04'], ['2025-12-28', '2026-01-03'], 14],
    ],
    // Current year.
    [
      '2024 months',
      'CURRENT_YEAR',
      'MONTHS',
      '2024-02-29',
      0,
      [['2024-01-01', '2024-01-31'], ['2024-12-01', '2024-12-31'], 12],
    ],
    [
      '2025 months, today Jan 1',
      'CURRENT_YEAR',
      'MONTHS',
      '2025-01-01',
      0,
      [['2025-01-01', '2025-01-31'], ['2025-12-01', '2025-12-31'], 12],
    ],
    [
      '2025 months, today Dec 31',
      'CURRENT_YEAR',
      'MONTHS',
      '2025-12-31',
      0,
      [['2025-01-01', '2025-01-31'], ['2025-12-01', '2025-12-31'], 12],
    ],
    [
      '2025 Sunday weeks',
      'CURRENT_YEAR',
      'WEEKS',
      '2025-06-15',
      0,
      [['2024-12-29', '2025-01-04'], ['2025-12-28', '2026-01-03'], 53],
    ],
    [
      '2025 Monday weeks',
      'CURRENT_YEAR',
      'WEEKS',
      '2025-06-15',
      1,
      [['2024-12-30', '2025-01-05'], ['2025-12-29', '2026-01-04'], 53],
    ],
    [
      '2026 Saturday weeks',
      'CURRENT_YEAR',
      'WEEKS',
      '2026-06-15',
      6,
      [['2025-12-27', '2026-01-02'], ['2026-12-26', '2027-01-01'], 53],
    ],
    [
      '2023 Sunday weeks (Jan 1 is a Sunday)',
      'CURRENT_YEAR',
      'WEEKS',
      '2023-03-03',
      0,
      [['2023-01-01', '2023-01-07'], ['2023-12-31', '2024-01-06'], 53],
    ],
    [
      'year with a disallowed preset',
      'CURRENT_YEAR',
      'QUARTERS',
      '2024-02-29',
      0,
      [['2024-01-01', '2024-01-31'], ['2024-12-01', '2024-12-31'], 12],
    ],
    // Three years: May 2024 … Apr 2027 around Nov 2025.
    [
      'three years of months',
      'THREE_YEARS',
      'MONTHS',
      '2025-11-22',
      0,
      [['2024-05-01', '2024-05-31'], ['2027-04-01', '2027-04-30'], 36],
    ],
    [
      'three years of quarters',
      'THREE_YEARS',
      'QUARTERS',
      '2025-11-22',
      0,
      [['2024-04-01', '2024-06-30'], ['2027-04-01', '2027-06-30'], 13],
    ],
    [
      'three years of Sunday weeks',
      'THREE_YEARS',
      'WEEKS',
      '2025-11-22',
      0,
      [['2024-04-28', '2024-05-04'], ['2027-04-25', '2027-05-01'], 157],
    ],
    [
      'three years of Monday weeks',
      'THREE_YEARS',
      'WEEKS',
      '2025-11-22',
      1,
      [['2024-04-29', '2024-05-05'], ['2027-04-26', '2027-05-02'], 157],
    ],
    // Jan 2026: Jul 2024 … Jun 2027, which is exactly 12 quarters.
    [
      'three years of quarters, aligned',
      'THREE_YEARS',
      'QUARTERS',
      '2026-01-15',
      0,
      [['2024-07-01', '2024-09-30'], ['2027-04-01', '2027-06-30'], 12],
    ],
    [
      'three years of months from Jan 2026',
      'THREE_YEARS',
      'MONTHS',
      '2026-01-31',
      0,
      [['2024-07-01', '2024-07-31'], ['2027-06-01', '2027-06-30'], 36],
    ],
    // Aug 2025: Feb 2024 (leap) … Jan 2027.
    [
      'three years of months from Aug 2025',
      'THREE_YEARS',
      'MONTHS',
      '2025-08-31',
      0,
      [['2024-02-01', '2024-02-29'], ['2027-01-01', '2027-01-31'], 36],
    ],
    [
      'three years of quarters from Aug 2025',
      'THREE_YEARS',
      'QUARTERS',
      '2025-08-01',
      0,
      [['2024-01-01', '2024-03-31'], ['2027-01-01', '2027-03-31'], 13],
    ],
  ])('%s', (_name, range, preset, today, weekStart, expected) => {
    const tf = buildTimeframe(range, preset, today, weekStart);
    expect(shape(tf)).toEqual(expected);
    expect(tf.start).toBe(expected[0][0]);
    expect(tf.end).toBe(expected[1][1]);
    expect(tf.rangeType).toBe(range);
    expect(tf.preset).toBe(parsePresetType(preset, range));
  });

  const everyCombination = (['2023-01-01', '2024-02-29', '2025-11-22', '2025-12-31', '2026-07-04'] as const).flatMap(
    (today) =>
      (['CURRENT_QUARTER', 'CURRENT_YEAR', 'THREE_YEARS'] as const).flatMap((range) =>
        presetsFor(range).flatMap((preset) =>
          ([0, 1, 6] as const).map((weekStart) => [today, range, preset, weekStart] as const),
        ),
      ),
  );

  it.each(everyCombination)('%s %s %s week start %i: contiguous cells that hold today', (today, range, preset, ws) => {
    const tf = buildTimeframe(range, preset, today, ws);
    tf.cells.forEach((cell, i) => {
      expect(cell.start <= cell.end).toBe(true);
      if (i > 0) expect(daysBetween(tf.cells[i - 1]!.end, cell.start)).toBe(1);
      if (preset === 'WEEKS') expect(daysBetween(cell.start, cell.end)).toBe(6);
      if (preset === 'WEEKS') expect(new Date(`${cell.start}T00:00:00Z`).getUTCDay()).toBe(ws);
      if (preset !== 'WEEKS') expect(cell.start.endsWith('-01')).toBe(true);
    });
    expect(tf.start <= today && today <= tf.end).toBe(true);
  });

  it('defaults the week start to Sunday', () => {
    expect(buildTimeframe('CURRENT_QUARTER', 'WEEKS', '2025-11-22')).toEqual(
      buildTimeframe('CURRENT_QUARTER', 'WEEKS', '2025-11-22', 0),
    );
  });
});
