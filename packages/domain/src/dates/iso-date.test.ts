import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { isoDay, isValidIsoDate, isValidIsoDateTime } from './iso-date';

describe('isValidIsoDate', () => {
  expectCases(
    isValidIsoDate,
    [
      ['2024-02-29', true],
      ['2023-02-28', true],
      ['2000-02-29', true],
      ['0001-01-01', true],
      ['9999-12-31', true],
      ['2024-04-30', true],
      ['2024-02-30', false],
      ['2024-02-31', false],
      ['2023-02-29', false],
      ['1900-02-29', false],
      ['2024-04-31', false],
      ['2025-04-31', false],
      ['2024-13-01', false],
      ['2025-13-01', false],
      ['2024-00-10', false],
      ['2024-01-00', false],
      ['0000-00-00', false],
      ['0000-01-01', false],
      ['99999-01-01', false],
      ['2024-1-01', false],
      ['2025-1-01', false],
      ['2024-01-01T00:00:00Z', false],
      [' 2024-01-01', false],
      ['', false],
      ['constructor', false],
    ],
    '%s → %s',
  );
});

describe('isValidIsoDateTime', () => {
  expectCases(
    isValidIsoDateTime,
    [
      ['2024-03-07', true],
      ['2024-03-07T10:00:00Z', true],
      ['2024-03-07T10:00:00.123+02:00', true],
      ['2024-03-07 10:00:00+00', true],
      ['2024-02-30T10:00:00Z', false],
      ['99999-01-01T00:00:00Z', false],
      ['0000-00-00', false],
      ['2024-03-07Tnonsense', false],
      ['2024-03-07X10:00:00Z', false],
      ['March 7, 2024', false],
      [`2024-03-07T${'0'.repeat(100)}`, false],
    ],
    '%s → %s',
  );
});

describe('isoDay', () => {
  it.each([
    ['2024-03-07T00:00:00Z', 0, '2024-03-07'],
    ['2024-03-07T23:59:59.999Z', 0, '2024-03-07'],
    ['2024-02-28T12:00:00Z', 1, '2024-02-29'],
    ['2023-02-28T12:00:00Z', 1, '2023-03-01'],
    ['2024-12-31T08:00:00Z', 1, '2025-01-01'],
    ['2024-03-01T08:00:00Z', -1, '2024-02-29'],
    ['2024-01-01T00:00:00Z', 365, '2024-12-31'],
  ])('%s plus %i days is %s', (instant, days, day) => {
    expect(isoDay(new Date(instant), days)).toBe(day);
  });
});
