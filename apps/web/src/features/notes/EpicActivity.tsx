import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import type { Epic } from '../../lib/types';
import { epicKeys } from '../epics/queries';
import { fetchEpicNotePermissions } from './epicNotePermissions';
import { NoteableActivity } from './NoteableActivity';
import { epicNoteable } from './notesApi';

/** The epic page's activity, loaded lazily below the epic's lists: NoteableActivity over the epic's notes. */
export function EpicActivity({ epic, groupPath }: { epic: Epic; groupPath: string }) {
  const { user, isLoading } = useSession();
  const permissions = useQuery({
    enabled: !isLoading && user !== null,
    queryKey: [...epicKeys.notes(groupPath, epic.iid), 'permissions', user?.id ?? null],
    queryFn: ({ signal }) => fetchEpicNotePermissions(groupPath, epic.iid, signal),
  });
  const noteable = useMemo(
    () =>
      epicNoteable(groupPath, epic.id, epic.iid, {
        notesKey: epicKeys.notes(groupPath, epic.iid),
        detailKey: epicKeys.detail(groupPath, epic.iid),
      }),
    [groupPath, epic.id, epic.iid],
  );
  return (
    <NoteableActivity
      noteable={noteable}
      locked={false}
      myId={user?.id ?? null}
      permissions={permissions.data ?? null}
    />
  );
}
