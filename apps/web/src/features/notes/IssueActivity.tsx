import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import type { Issue } from '../../lib/types';
import type { IssuePermissionFlags } from '../issues/issuePermissions';
import { issueKeys } from '../issues/queries';
import { NoteableActivity } from './NoteableActivity';
import { issueNoteable } from './notesApi';

/** The issue page's activity, loaded lazily below the description: NoteableActivity over the issue's notes. */
export function IssueActivity({
  issue,
  projectPath,
  permissions,
}: {
  issue: Issue;
  projectPath: string;
  permissions: IssuePermissionFlags | null;
}) {
  const { user } = useSession();
  const noteable = useMemo(
    () =>
      issueNoteable(projectPath, issue.iid, {
        notesKey: issueKeys.notes(projectPath, issue.iid),
        detailKey: issueKeys.detail(projectPath, issue.iid),
      }),
    [projectPath, issue.iid],
  );
  return (
    <NoteableActivity
      noteable={noteable}
      locked={issue.discussion_locked === true}
      myId={user?.id ?? null}
      permissions={permissions}
    />
  );
}
