import { useEffect, useRef } from 'react';

/** GitLab's Poll-Interval for realtime_changes: the first poll waits as long as later ones. */
const FIRST_POLL_MS = 3_000;
/** The live socket opens once the page is up (its client stays out of the first load). */
const LIVE_START_MS = 1_500;

export interface LiveItemOptions {
  /** The item's `realtime_changes` path (IE-6), polled as the fallback. */
  pollUrl: string;
  /** The item's global id for the subscriptions: `gid://gitlab/Issue/…` or `gid://gitlab/Epic/…`. */
  workItemId: string;
  /** While true, polls wait and live events are held until it ends (a task-list update is in flight). */
  paused: boolean;
  /** The item or its notes changed: refetch them. */
  onChange: () => void;
}

/**
 * Keeps an open issue or epic page current (IE §4): a GraphQL subscription over WebSocket brings a
 * colleague's comment, edit or state change at once, from any Meridian process; polling
 * `realtime_changes` stays on as the fallback — every 30 s while the socket is healthy, every 3 s
 * (GitLab's Poll-Interval) when it is down, with one poll at once when it drops.
 */
export function useLiveItem({ pollUrl, workItemId, paused, onChange }: LiveItemOptions): void {
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const heldChange = useRef(false);
  useEffect(() => {
    if (paused || !heldChange.current) return;
    heldChange.current = false;
    onChangeRef.current();
  }, [paused]);
  useEffect(() => {
    let left = false;
    let healthy = false;
    let poller: { stop: () => void; pollNow: () => void } | undefined;
    let stopLive: (() => void) | undefined;
    const changed = () => {
      if (pausedRef.current) heldChange.current = true;
      else onChangeRef.current();
    };
    const liveTimer = window.setTimeout(async () => {
      const { watchItem } = await import('./liveSocket');
      if (left) return;
      stopLive = watchItem(workItemId, {
        onEvent: changed,
        onHealth: (value) => {
          const dropped = healthy && !value;
          healthy = value;
          if (dropped) poller?.pollNow();
        },
      });
    }, LIVE_START_MS);
    const pollTimer = window.setTimeout(async () => {
      const { startPolling } = await import('../issues/issuePoller');
      if (left) return;
      poller = startPolling({
        url: pollUrl,
        isPaused: () => pausedRef.current,
        isSlowed: () => healthy,
        onChange: changed,
      });
    }, FIRST_POLL_MS);
    return () => {
      left = true;
      window.clearTimeout(liveTimer);
      window.clearTimeout(pollTimer);
      poller?.stop();
      stopLive?.();
    };
  }, [pollUrl, workItemId]);
}
