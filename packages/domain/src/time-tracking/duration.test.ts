import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { formatDuration, parseDuration } from './duration';

const h = 3600;

describe('parseDuration', () => {
  expectCases(
    parseDuration,
    [
      ['3h', 3 * h],
      ['1h30m', 1.5 * h],
      ['1h 30m', 1.5 * h],
      ['2', 2 * h],
      ['1.5', 1.5 * h],
      ['1d', 8 * h],
      ['1w', 40 * h],
      ['1mo', 160 * h],
      ['1mo 2w 3d 4h 5m 6s', 160 * h + 80 * h + 24 * h + 4 * h + 300 + 6],
      ['  2 hours 15 minutes ', 2.25 * h],
      ['45M', 45 * 60],
      ['-1h', -h],
      ['- 30m', -30 * 60],
    ],
    '%j is %d seconds',
  );

  it.each([
    [''],
    ['   '],
    ['-'],
    ['0'],
    ['0h'],
    ['1x'],
    ['h'],
    ['1h 30'],
    ['1,5h'],
    ['tomorrow'],
    ['1y'],
    ['9999999999h'],
    ['1'.repeat(101)],
    [`${'1h '.repeat(40)}x`],
  ])('%j is no duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('formatDuration (GitLab short form, working-time units)', () => {
  expectCases(
    formatDuration,
    [
      [0, null],
      [30, '30s'],
      [90 * 60, '1h 30m'],
      [8 * h, '1d'],
      [40 * h + 8 * h + 3 * h, '1w 1d 3h'],
      [160 * h, '1mo'],
      [-2 * h, '-2h'],
    ],
    '%d seconds → %j',
  );

  it('round-trips what it formats', () => {
    for (const s of [60, 3 * h + 60, 40 * h + 5, 200 * h + 59 * 60]) {
      expect(parseDuration(formatDuration(s) as string)).toBe(s);
    }
  });
});
