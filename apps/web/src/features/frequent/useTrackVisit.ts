import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { postVisit, type VisitType } from './frequentApi';
import { claimDailyVisit } from './visitThrottle';

/** Posts a failed visit nowhere but the console: the server reports errors only, the page goes on. */
export function trackVisit(userId: number, type: VisitType, id: number): void {
  if (!claimDailyVisit(userId, type, id)) return;
  postVisit(type, id).catch((error: unknown) => console.warn('Could not record the visit', error));
}

/** Records that the signed-in user viewed the project or group (once a day per item), as GitLab's sidebar does. */
export function useTrackVisit(kind: 'group' | 'project', id: number | undefined): void {
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined || id === undefined) return;
    trackVisit(userId, kind === 'group' ? 'groups' : 'projects', id);
  }, [userId, kind, id]);
}
