import { expectCases } from '@meridian/domain/test/cases';
import { describe } from 'vitest';
import { formatDate, isPastDue, timeAgo } from './format';

describe('formatDate', () => {
  expectCases(
    formatDate,
    [
      ['2026-03-01', 'Mar 1, 2026'],
      ['2025-12-31T23:59:59Z', 'Dec 31, 2025'],
      [null, ''],
      ['', ''],
      ['soon', 'soon'],
      ['2026-13-01', '2026-13-01'],
    ],
    '%s → %s',
  );
});

describe('timeAgo', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  expectCases(
    (input) => timeAgo(input, now),
    [
      ['2026-01-10T11:59:50Z', 'just now'],
      ['2026-01-10T11:55:00Z', '5 minutes ago'],
      ['2026-01-10T09:00:00Z', '3 hours ago'],
      ['2026-01-07T12:00:00Z', '3 days ago'],
      ['2026-01-09T12:00:00Z', 'yesterday'],
      ['2025-01-10T12:00:00Z', 'last year'],
      ['2026-01-24T12:00:00Z', 'in 2 weeks'],
      ['garbage', ''],
    ],
    '%s → %s',
  );
});

describe('isPastDue', () => {
  const now = new Date(2026, 0, 10);
  expectCases(
    (due) => isPastDue(due, now),
    [
      ['2026-01-09', true],
      ['2026-01-10', false],
      ['2026-02-01', false],
      [null, false],
    ],
    '%s → %s',
  );
});
