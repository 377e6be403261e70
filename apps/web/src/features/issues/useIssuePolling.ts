import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveItem } from '../shared/useLiveItem';
import { issueKeys } from './queries';

/**
 * Keeps the open issue page current (IE §4): live events over WebSocket, `realtime_changes` (IE-6)
 * polling as the fallback; on a change it fetches the issue and its notes again. `paused` holds
 * polls while a task-list update is in flight.
 */
export function useIssuePolling(projectPath: string, iid: number, issueId: number, paused: boolean): void {
  const queryClient = useQueryClient();
  const onChange = useCallback(() => {
    // The issue itself (not what is keyed below it), and every query of its notes.
    void queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, iid), exact: true });
    void queryClient.invalidateQueries({ queryKey: issueKeys.notes(projectPath, iid) });
  }, [queryClient, projectPath, iid]);
  useLiveItem({
    pollUrl: `/${projectPath}/-/issues/${iid}/realtime_changes`,
    workItemId: `gid://gitlab/Issue/${issueId}`,
    paused,
    onChange,
  });
}
