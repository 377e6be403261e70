import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import { dueDateText } from './dueDateText';

// Wednesday 2026-03-11, local time.
const now = new Date(2026, 2, 11, 15, 30);

describe('dueDateText', () => {
  expectCases(
    (due) => dueDateText(due, now),
    [
      ['2026-03-11', 'Today'],
      ['2026-03-12', 'Tomorrow'],
      ['2026-03-10', 'Yesterday'],
      ['2026-03-13', 'Friday'],
      ['2026-03-17', 'Tuesday'],
      ['2026-03-18', 'Mar 18, 2026'],
      ['2026-03-09', 'Mar 9, 2026'],
      ['2025-12-31', 'Dec 31, 2025'],
      ['2026-03-31T00:00:00Z', 'Mar 31, 2026'],
      ['not a date', 'not a date'],
    ],
    '%s → %s',
  );

  it('counts calendar days across a month end', () => {
    expect(dueDateText('2026-04-01', new Date(2026, 2, 31, 23, 59))).toBe('Tomorrow');
  });
});
