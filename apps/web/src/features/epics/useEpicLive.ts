import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveItem } from '../shared/useLiveItem';
import { epicKeys } from './queries';

/**
 * Keeps the open epic page current (IE §4), as the issue page: live events over WebSocket, and
 * `/groups/…/-/epics/:iid/realtime_changes` (IE-6) polling as the fallback. On a change it fetches
 * the epic, its lists and its notes again. `paused` holds it while a task-list update is in flight.
 */
export function useEpicLive(groupPath: string, iid: number, epicId: number, paused = false): void {
  const queryClient = useQueryClient();
  const onChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: epicKeys.detail(groupPath, iid) });
  }, [queryClient, groupPath, iid]);
  useLiveItem({
    pollUrl: `/groups/${groupPath}/-/epics/${iid}/realtime_changes`,
    workItemId: `gid://gitlab/Epic/${epicId}`,
    paused,
    onChange,
  });
}
