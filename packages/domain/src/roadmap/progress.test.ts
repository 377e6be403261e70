import { describe, expect, it } from 'vitest';
import { epicProgress, progressPercent } from './progress';
import type { ProgressTracking } from './types';

describe('progressPercent', () => {
  it.each<[number | null | undefined, number | null | undefined, number]>([
    [0, 0, 0],
    [1, 1, 50],
    [2, 1, 33],
    [1, 2, 67],
    [0, 5, 100],
    [5, 0, 0],
    [1, 199, 100],
    [199, 1, 1],
    [3, 1, 25],
    [null, null, 0],
    [undefined, undefined, 0],
    [undefined, 3, 100],
    [4, null, 0],
    [Number.NaN, 2, 100],
  ])('opened %j, closed %j → %i%', (opened, closed, percent) => {
    expect(progressPercent(opened, closed)).toBe(percent);
  });
});

describe('epicProgress', () => {
  const epic = {
    descendantCounts: { openedIssues: 3, closedIssues: 1 },
    descendantWeightSum: { openedIssues: 2, closedIssues: 8 },
  };
  it.each<[string, Parameters<typeof epicProgress>[0], ProgressTracking, ReturnType<typeof epicProgress>]>([
    ['by weight', epic, 'WEIGHT', { percent: 80, opened: 2, closed: 8 }],
    ['by count', epic, 'COUNT', { percent: 25, opened: 3, closed: 1 }],
    ['no weights', { descendantCounts: epic.descendantCounts }, 'WEIGHT', { percent: 0, opened: 0, closed: 0 }],
    [
      'null counts',
      { descendantCounts: null, descendantWeightSum: null },
      'COUNT',
      { percent: 0, opened: 0, closed: 0 },
    ],
    ['nothing at all', {}, 'COUNT', { percent: 0, opened: 0, closed: 0 }],
  ])('%s', (_name, e, mode, expected) => {
    expect(epicProgress(e, mode)).toEqual(expected);
  });
});
