import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { issueKeys } from './queries';

/** GitLab's Poll-Interval for realtime_changes: the first poll waits as long as later ones. */
const FIRST_POLL_MS = 3_000;

/**
 * Keeps the open issue page current (IE §4): polls `realtime_changes` (IE-6) and, when the issue
 * changed — here or through another Meridian process —, fetches the issue and its notes again. The
 * poller loads with the first poll, after the page is up; `paused` holds polls while a task-list
 * update is in flight.
 */
export function useIssuePolling(projectPath: string, iid: number, paused: boolean): void {
  const queryClient = useQueryClient();
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    const timer = window.setTimeout(async () => {
      const { startPolling } = await import('./issuePoller');
      if (left) return;
      stop = startPolling({
        url: `/${projectPath}/-/issues/${iid}/realtime_changes`,
        isPaused: () => pausedRef.current,
        onChange: () => {
          // The issue itself (not what is keyed below it), and every query of its notes.
          void queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, iid), exact: true });
          void queryClient.invalidateQueries({ queryKey: issueKeys.notes(projectPath, iid) });
        },
      });
    }, FIRST_POLL_MS);
    return () => {
      left = true;
      window.clearTimeout(timer);
      stop?.();
    };
  }, [queryClient, projectPath, iid]);
}
