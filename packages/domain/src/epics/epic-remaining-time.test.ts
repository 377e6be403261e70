import { describe, expect, it } from 'vitest';
import { humanReadableDate, remainingTimeText } from './epic-remaining-time';

describe('humanReadableDate', () => {
  it.each([
    ['2026-03-05', 'Mar 5, 2026'],
    ['2026-12-31', 'Dec 31, 2026'],
    [null, null],
    ['not a date', null],
  ])('%s → %s', (input, expected) => expect(humanReadableDate(input)).toBe(expected));
});

describe('remainingTimeText', () => {
  const today = '2026-06-10';
  it.each([
    [{ startDate: null, endDate: '2026-06-09' }, 'Past due'],
    [{ startDate: '2026-06-11', endDate: '2026-07-01' }, 'Upcoming'],
    [{ startDate: '2026-06-01', endDate: '2026-06-11' }, '1 day remaining'],
    [{ startDate: null, endDate: '2026-06-10' }, '0 days remaining'],
    [{ startDate: null, endDate: '2026-06-20' }, '10 days remaining'],
    [{ startDate: '2026-06-08', endDate: null }, '2 days elapsed'],
    [{ startDate: null, endDate: null }, null],
  ])('%j → %s', (dates, expected) => expect(remainingTimeText(dates, today)).toBe(expected));

  it('answers null for a bad today', () => {
    expect(remainingTimeText({ startDate: null, endDate: '2026-06-09' }, 'x')).toBeNull();
  });
});
