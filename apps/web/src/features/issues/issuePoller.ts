export interface PollerOptions {
  url: string;
  /** The item changed since the last answer (every 200; the first too: the page may predate it). */
  onChange: () => void;
  /** While true, polls wait (a task-list update is in flight). */
  isPaused: () => boolean;
  /** While true (a live socket brings changes), polls come `SLOW_FACTOR` times less often. */
  isSlowed?: () => boolean;
}

/** How much less often a page polls while its live socket is healthy (3 s → 30 s): a fallback only. */
export const SLOW_FACTOR = 10;

export interface Poller {
  stop: () => void;
  /** Polls at once (the live socket just went down: what it would have said may be missed). */
  pollNow: () => void;
}

/**
 * IE §4 page polling over an ETag endpoint (`realtime_changes`): sends the last ETag, treats a 200
 * as a change and a 304 as none, and polls again after the answer's Poll-Interval while it is above
 * 0 and the answer is 200 or 304. Stops while the tab is hidden and polls at once when it is shown.
 */
export function startPolling({ url, onChange, isPaused, isSlowed }: PollerOptions): Poller {
  let etag: string | null = null;
  let timer: number | undefined;
  let inFlight: AbortController | undefined;
  const poll = async () => {
    timer = undefined;
    if (document.hidden) return;
    let interval = 1_000;
    if (!isPaused()) {
      inFlight = new AbortController();
      try {
        const response = await fetch(url, {
          cache: 'no-store',
          credentials: 'same-origin',
          headers: etag ? { 'If-None-Match': etag } : {},
          signal: inFlight.signal,
        });
        if (response.status === 200) {
          etag = response.headers.get('ETag');
          onChange();
        }
        const ok = response.status === 200 || response.status === 304;
        interval = ok ? Number(response.headers.get('Poll-Interval')) || 0 : 0;
        if (isSlowed?.()) interval *= SLOW_FACTOR;
      } catch {
        return; // aborted (hidden, left the page) or offline: showing the tab again polls again
      }
    }
    if (interval > 0 && !document.hidden) timer = window.setTimeout(poll, interval);
  };
  const onVisibility = () => {
    window.clearTimeout(timer);
    inFlight?.abort();
    if (!document.hidden) void poll();
  };
  document.addEventListener('visibilitychange', onVisibility);
  void poll();
  return {
    stop: () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearTimeout(timer);
      inFlight?.abort();
    },
    pollNow: onVisibility,
  };
}
