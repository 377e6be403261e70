import { describe, expect, it } from 'vitest';
import {
  afterHookFailure,
  HOOK_ENABLED_STATE,
  type HookFailureState,
  hookAlertStatus,
  hookBackoffSeconds,
  isSuccessfulHookStatus,
} from './hook-failures';

const now = new Date('2026-11-29T00:00:00Z');
const failTimes = (n: number): HookFailureState => {
  let state = HOOK_ENABLED_STATE;
  for (let i = 0; i < n; i++) state = afterHookFailure(state, now);
  return state;
};

describe('GitLab webhook auto-disabling', () => {
  it.each([
    [0, 'executable'],
    [3, 'executable'],
    [4, 'temporarily_disabled'],
    [39, 'temporarily_disabled'],
    [40, 'disabled'],
    [45, 'disabled'],
  ] as const)('after %i consecutive failures the hook is %s', (failures, status) => {
    expect(hookAlertStatus(failTimes(failures), now)).toBe(status);
  });

  it.each([
    [1, 60],
    [2, 120],
    [3, 240],
    [11, 61_440],
    [12, 86_400],
    [30, 86_400],
  ])('backoff %i lasts %i seconds (one minute doubling, at most a day)', (count, seconds) => {
    expect(hookBackoffSeconds(count)).toBe(seconds);
  });

  it('a temporarily disabled hook is executable again once disabled_until has passed', () => {
    const state = failTimes(4);
    expect(state.disabledUntil).toEqual(new Date(now.getTime() + 60_000));
    expect(hookAlertStatus(state, new Date(now.getTime() + 61_000))).toBe('executable');
    expect(failTimes(5).disabledUntil).toEqual(new Date(now.getTime() + 120_000));
  });

  it.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [404, false],
    [500, false],
    [null, false],
  ])('status %s counts as success: %s', (status, ok) => {
    expect(isSuccessfulHookStatus(status)).toBe(ok);
  });
});
