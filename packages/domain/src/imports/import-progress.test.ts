import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { formatTimeLeft, type ImportProgress, importProgress, type KindCounters } from './import-progress';

const T0 = Date.UTC(2026, 10, 30, 8, 0, 0);
type Case = [Record<string, KindCounters>, number | null, number];
const at = ([counters, started, now]: Case) => importProgress(counters, started, now);
const issues = (done: number, skipped: number, total: number) => ({ issue: { done, skipped, total } });
const p = (
  processed: number,
  total: number,
  percent: number,
  ratePerSecond: number | null,
  secondsLeft: number | null,
): ImportProgress => ({
  processed,
  total,
  percent,
  ratePerSecond,
  secondsLeft,
});

describe('importProgress', () => {
  expectCases<Case, ImportProgress>(at, [
    // not started: no rate, no estimate
    [[issues(0, 0, 100), null, T0], p(0, 100, 0, null, null)],
    // started, nothing handled yet
    [[issues(0, 0, 100), T0, T0 + 5000], p(0, 100, 0, null, null)],
    // under a second: no rate yet
    [[issues(10, 0, 100), T0, T0 + 500], p(10, 100, 10, null, null)],
    // 10 items in 10 s: 1/s, 90 left
    [[issues(8, 2, 100), T0, T0 + 10_000], p(10, 100, 10, 1, 90)],
    // rounding up the time left
    [[issues(30, 0, 100), T0, T0 + 7000], p(30, 100, 30, 30 / 7, 17)],
    // kinds add up
    [
      [{ issue: { done: 40, skipped: 0, total: 50 }, note: { done: 10, skipped: 0, total: 150 } }, T0, T0 + 10_000],
      p(50, 200, 25, 5, 30),
    ],
    // done: nothing left
    [[issues(99, 1, 100), T0, T0 + 20_000], p(100, 100, 100, 5, 0)],
    // an empty source is done at once
    [[issues(0, 0, 0), T0, T0], p(0, 0, 100, null, 0)],
    [[{}, null, T0], p(0, 0, 100, null, 0)],
    // counters never report more than the total
    [[issues(120, 0, 100), T0, T0 + 10_000], p(100, 100, 100, 10, 0)],
    // a clock behind the start gives no rate
    [[issues(5, 0, 10), T0, T0 - 3000], p(5, 10, 50, null, null)],
  ]);
});

describe('formatTimeLeft', () => {
  expectCases(formatTimeLeft, [
    [null, '—'],
    [-1, '—'],
    [Number.POSITIVE_INFINITY, '—'],
    [0, '0s'],
    [0.2, '1s'],
    [45, '45s'],
    [60, '1m 00s'],
    [185, '3m 05s'],
    [3599, '59m 59s'],
    [3600, '1h 00m'],
    [7620, '2h 07m'],
  ]);
});
