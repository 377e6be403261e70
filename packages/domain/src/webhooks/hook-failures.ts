/**
 * GitLab's auto-disabling of failing webhooks (WebHooks::AutoDisabling): after the 4th consecutive
 * failure a hook is temporarily disabled for a backoff that starts at one minute and doubles up to a
 * day; after the 40th it is permanently disabled until someone re-enables it (a successful test).
 */
export const TEMPORARILY_DISABLED_FAILURE_THRESHOLD = 3;
export const PERMANENTLY_DISABLED_FAILURE_THRESHOLD = 39;
export const INITIAL_BACKOFF_SECONDS = 60;
export const MAX_BACKOFF_SECONDS = 24 * 60 * 60;
const BACKOFF_GROWTH_FACTOR = 2;

export interface HookFailureState {
  recentFailures: number;
  backoffCount: number;
  disabledUntil: Date | null;
}

export type HookAlertStatus = 'executable' | 'temporarily_disabled' | 'disabled';

export function hookAlertStatus(state: HookFailureState, now: Date): HookAlertStatus {
  if (state.recentFailures > PERMANENTLY_DISABLED_FAILURE_THRESHOLD) return 'disabled';
  if (
    state.recentFailures > TEMPORARILY_DISABLED_FAILURE_THRESHOLD &&
    state.disabledUntil &&
    state.disabledUntil > now
  ) {
    return 'temporarily_disabled';
  }
  return 'executable';
}

/** Seconds a hook stays disabled after its backoff count reached `backoffCount` (1 → 1 min, 2 → 2 min …). */
export function hookBackoffSeconds(backoffCount: number): number {
  const exponent = Math.max(0, backoffCount - 1);
  return Math.min(INITIAL_BACKOFF_SECONDS * BACKOFF_GROWTH_FACTOR ** exponent, MAX_BACKOFF_SECONDS);
}

/** The state after one failed delivery at `now`. */
export function afterHookFailure(state: HookFailureState, now: Date): HookFailureState {
  const recentFailures = state.recentFailures + 1;
  if (recentFailures <= TEMPORARILY_DISABLED_FAILURE_THRESHOLD) return { ...state, recentFailures };
  if (recentFailures > PERMANENTLY_DISABLED_FAILURE_THRESHOLD) {
    return { recentFailures, backoffCount: state.backoffCount, disabledUntil: null };
  }
  const backoffCount = state.backoffCount + 1;
  return {
    recentFailures,
    backoffCount,
    disabledUntil: new Date(now.getTime() + hookBackoffSeconds(backoffCount) * 1000),
  };
}

/** A successful delivery (or test) clears every failure: the hook is executable again. */
export const HOOK_ENABLED_STATE: HookFailureState = { recentFailures: 0, backoffCount: 0, disabledUntil: null };

/** GitLab counts any answer outside 2xx, and no answer at all, as a failure. */
export function isSuccessfulHookStatus(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}
