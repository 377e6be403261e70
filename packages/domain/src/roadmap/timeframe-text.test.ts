import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { formatRoadmapDate, timeframeText } from './timeframe-text';

describe('formatRoadmapDate', () => {
  expectCases(
    formatRoadmapDate,
    [
      ['2026-01-05', 'Jan 5, 2026'],
      ['2024-02-29', 'Feb 29, 2024'],
      ['2025-12-31', 'Dec 31, 2025'],
      ['2025-05-10', 'May 10, 2025'],
      ['2025-09-01', 'Sep 1, 2025'],
    ],
    '%s → %s',
  );
});

describe('timeframeText', () => {
  it.each<[string | null, string | null, string]>([
    [null, null, 'No start and end date'],
    [null, '2026-01-05', 'No start date – Jan 5, 2026'],
    ['2026-01-05', null, 'Jan 5, 2026 – No end date'],
    ['2025-11-22', '2026-01-05', 'Nov 22, 2025 – Jan 5, 2026'],
    ['2024-02-29', '2024-02-29', 'Feb 29, 2024 – Feb 29, 2024'],
  ])('%j … %j → %s', (startDate, dueDate, text) => {
    expect(timeframeText({ startDate, dueDate })).toBe(text);
  });

  it('separates with a spaced en dash', () => {
    expect(timeframeText({ startDate: '2025-01-01', dueDate: '2025-01-02' })).toContain(' \u2013 ');
  });
});
