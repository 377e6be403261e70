import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import type { Epic, Issue, MergeRequest } from '../../lib/types';
import { SummarizeComments } from '../ai/SummarizeComments';
import { useIssueAiFeatures } from '../ai/useIssueAiFeatures';
import type { IssuePermissionFlags } from '../issues/issuePermissions';
import { NoteableActivity, type NoteablePermissions } from './NoteableActivity';
import { epicNoteable, issueNoteable, mergeRequestNoteable, type NoteableKeys } from './notesApi';

// The issue, epic and merge request pages' activities share one module, loaded lazily as one chunk. The pages pass
// their own query keys (their key factories stay out of this chunk).

/** The issue page's activity: NoteableActivity over the issue's notes, with the issue's permission flags. */
export function IssueActivity({
  issue,
  projectPath,
  permissions,
  keys,
}: {
  issue: Issue;
  projectPath: string;
  permissions: IssuePermissionFlags | null;
  keys: NoteableKeys;
}) {
  const { user } = useSession();
  const noteable = useMemo(
    () => ({ ...issueNoteable(projectPath, issue.iid, keys), confidential: issue.confidential === true }),
    [projectPath, issue.iid, issue.confidential, keys],
  );
  const ai = useIssueAiFeatures(projectPath);
  return (
    <>
      {ai.summarize_comments && <SummarizeComments projectPath={projectPath} iid={issue.iid} />}
      <NoteableActivity
        noteable={noteable}
        locked={issue.discussion_locked === true}
        myId={user?.id ?? null}
        permissions={permissions}
      />
    </>
  );
}

/** The epic page's activity: NoteableActivity over the epic's notes, with the flags of the epic's page JSON. */
export function EpicActivity({
  epic,
  groupPath,
  permissions,
  keys,
}: {
  epic: Epic;
  groupPath: string;
  permissions: NoteablePermissions | null;
  keys: NoteableKeys;
}) {
  const { user } = useSession();
  const noteable = useMemo(
    () => ({ ...epicNoteable(groupPath, epic.id, epic.iid, keys), confidential: epic.confidential === true }),
    [groupPath, epic.id, epic.iid, epic.confidential, keys],
  );
  return <NoteableActivity noteable={noteable} locked={false} myId={user?.id ?? null} permissions={permissions} />;
}

/** The merge request page's activity: its comments and resolvable threads, its flags fetched here. */
export function MergeRequestActivity({
  mr,
  projectPath,
  keys,
}: {
  mr: MergeRequest;
  projectPath: string;
  keys: NoteableKeys;
}) {
  const { user, isLoading } = useSession();
  const permissions = useQuery({
    enabled: !isLoading && user !== null,
    queryKey: [...keys.notesKey, 'permissions', user?.id ?? null],
    queryFn: async ({ signal }) =>
      (await import('./mergeRequestNotePermissions')).fetchMergeRequestNotePermissions(projectPath, mr.iid, signal),
  });
  const noteable = useMemo(() => mergeRequestNoteable(projectPath, mr.iid, keys), [projectPath, mr.iid, keys]);
  return (
    <NoteableActivity
      noteable={noteable}
      locked={mr.discussion_locked === true}
      myId={user?.id ?? null}
      permissions={permissions.data ?? null}
    />
  );
}
