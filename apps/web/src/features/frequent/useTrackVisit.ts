import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSession } from '../../lib/session';
import { postVisit, type VisitType } from './frequentApi';
import { frequentKeys } from './queries';
import { claimDailyVisit } from './visitThrottle';

/**
 * Posts the visit unless it was posted today; resolves true once the server stored it. A failure
 * goes to the console only: the server reports errors only, and the page goes on.
 */
export async function trackVisit(userId: number, type: VisitType, id: number): Promise<boolean> {
  if (!claimDailyVisit(userId, type, id)) return false;
  try {
    await postVisit(type, id);
    return true;
  } catch (error) {
    console.warn('Could not record the visit', error);
    return false;
  }
}

/** Records a visit now (e.g. an issue created in a project) and refreshes the frequent lists once stored. */
export function useRecordVisit(): (type: VisitType, id: number) => void {
  const { user } = useSession();
  const client = useQueryClient();
  const userId = user?.id;
  return useCallback(
    (type, id) => {
      if (userId === undefined) return;
      void trackVisit(userId, type, id).then((stored) => {
        if (stored) void client.invalidateQueries({ queryKey: frequentKeys.all });
      });
    },
    [userId, client],
  );
}

/** Records that the signed-in user viewed the project or group (once a day per item), as GitLab's sidebar does. */
export function useTrackVisit(kind: 'group' | 'project', id: number | undefined): void {
  const record = useRecordVisit();
  useEffect(() => {
    if (id !== undefined) record(kind === 'group' ? 'groups' : 'projects', id);
  }, [record, kind, id]);
}
