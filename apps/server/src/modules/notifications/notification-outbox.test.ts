import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './notification-outbox';

describe('retryDelaySeconds: 30 s doubling per failed attempt, at most an hour', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [5, 480],
    [7, 1920],
    [8, 3600],
    [10, 3600],
  ])('after attempt %i: %i s', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
