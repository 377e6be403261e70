import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { applyBarEdit, cellsToUnits, shiftDate, unitOf } from './bar-edit';
import type { BarEdit, PresetType } from './types';

describe('unitOf', () => {
  expectCases(
    unitOf,
    [
      ['WEEKS', { days: 7 }],
      ['MONTHS', { months: 1 }],
      ['QUARTERS', { months: 3 }],
    ],
    '%s → %j',
  );
});

describe('shiftDate', () => {
  it.each<[string, number, PresetType, string]>([
    ['2025-12-29', 1, 'WEEKS', '2026-01-05'],
    ['2025-01-05', -1, 'WEEKS', '2024-12-29'],
    ['2024-02-29', 1, 'WEEKS', '2024-03-07'],
    ['2024-02-26', 1, 'WEEKS', '2024-03-04'],
    ['2025-03-10', 0, 'WEEKS', '2025-03-10'],
    ['2025-01-31', 1, 'MONTHS', '2025-02-28'],
    ['2024-01-31', 1, 'MONTHS', '2024-02-29'],
    ['2024-02-29', 12, 'MONTHS', '2025-02-28'],
    ['2025-03-31', -1, 'MONTHS', '2025-02-28'],
    ['2025-08-31', 1, 'MONTHS', '2025-09-30'],
    ['2025-12-15', 1, 'MONTHS', '2026-01-15'],
    ['2026-01-15', -1, 'MONTHS', '2025-12-15'],
    ['2025-11-30', 1, 'QUARTERS', '2026-02-28'],
    ['2023-11-30', 1, 'QUARTERS', '2024-02-29'],
    ['2025-05-31', -1, 'QUARTERS', '2025-02-28'],
    ['2024-02-29', 4, 'QUARTERS', '2025-02-28'],
    ['2025-10-01', -2, 'QUARTERS', '2025-04-01'],
  ])('%s %+i %s → %s', (date, units, preset, expected) => {
    expect(shiftDate(date, units, preset)).toBe(expected);
  });
});

describe('applyBarEdit', () => {
  it.each<[string, [string, string], BarEdit, number, PresetType, [string, string]]>([
    ['move a week later', ['2025-10-01', '2025-10-10'], 'move', 1, 'WEEKS', ['2025-10-08', '2025-10-17']],
    ['move two weeks earlier', ['2025-10-01', '2025-10-10'], 'move', -2, 'WEEKS', ['2025-09-17', '2025-09-26']],
    ['move a month from month ends', ['2025-01-31', '2025-03-31'], 'move', 1, 'MONTHS', ['2025-02-28', '2025-04-30']],
    ['move a one-day bar across Feb', ['2024-01-30', '2024-01-31'], 'move', 1, 'MONTHS', ['2024-02-29', '2024-02-29']],
    ['move a quarter', ['2025-01-15', '2025-02-15'], 'move', 1, 'QUARTERS', ['2025-04-15', '2025-05-15']],
    ['move by zero', ['2025-01-31', '2025-03-31'], 'move', 0, 'MONTHS', ['2025-01-31', '2025-03-31']],
    ['resize start earlier', ['2025-10-01', '2025-10-10'], 'resize-start', -1, 'WEEKS', ['2025-09-24', '2025-10-10']],
    ['resize start later', ['2025-10-01', '2025-10-20'], 'resize-start', 1, 'WEEKS', ['2025-10-08', '2025-10-20']],
    ['resize start onto due', ['2025-10-01', '2025-10-08'], 'resize-start', 1, 'WEEKS', ['2025-10-08', '2025-10-08']],
    [
      'resize start past due clamps',
      ['2025-10-01', '2025-10-03'],
      'resize-start',
      1,
      'WEEKS',
      ['2025-10-03', '2025-10-03'],
    ],
    [
      'resize start far past due',
      ['2025-01-15', '2025-02-01'],
      'resize-start',
      3,
      'MONTHS',
      ['2025-02-01', '2025-02-01'],
    ],
    ['resize start by zero', ['2025-10-01', '2025-10-03'], 'resize-start', 0, 'WEEKS', ['2025-10-01', '2025-10-03']],
    ['resize end later', ['2025-10-01', '2025-10-10'], 'resize-end', 1, 'MONTHS', ['2025-10-01', '2025-11-10']],
    ['resize end month-end', ['2024-01-01', '2024-01-31'], 'resize-end', 1, 'MONTHS', ['2024-01-01', '2024-02-29']],
    ['resize end earlier', ['2025-01-01', '2025-12-31'], 'resize-end', -1, 'QUARTERS', ['2025-01-01', '2025-09-30']],
    [
      'resize end before start clamps',
      ['2025-10-01', '2025-10-03'],
      'resize-end',
      -1,
      'WEEKS',
      ['2025-10-01', '2025-10-01'],
    ],
    ['resize end by zero', ['2025-10-01', '2025-10-03'], 'resize-end', 0, 'QUARTERS', ['2025-10-01', '2025-10-03']],
  ])('%s', (_name, [startDate, dueDate], edit, units, preset, [start, due]) => {
    const dates = { startDate, dueDate };
    expect(applyBarEdit(dates, edit, units, preset)).toEqual({ startDate: start, dueDate: due });
    expect(dates).toEqual({ startDate, dueDate });
  });
});

describe('cellsToUnits', () => {
  it.each<[number, PresetType, number]>([
    [0, 'WEEKS', 0],
    [0.4, 'WEEKS', 0],
    [-0.4, 'WEEKS', 0],
    [0.5, 'WEEKS', 1],
    [-0.5, 'WEEKS', -1],
    [1.49, 'MONTHS', 1],
    [-1.51, 'MONTHS', -2],
    [2.5, 'MONTHS', 3],
    [-2.5, 'MONTHS', -3],
    [3, 'QUARTERS', 3],
    [-1.2, 'QUARTERS', -1],
    [Number.NaN, 'WEEKS', 0],
    [Number.POSITIVE_INFINITY, 'WEEKS', 0],
  ])('%d cells of %s → %i units', (cells, preset, units) => {
    expect(Object.is(cellsToUnits(cells, preset), units)).toBe(true);
  });
});
