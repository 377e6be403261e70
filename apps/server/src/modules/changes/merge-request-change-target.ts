import type { IssuableSnapshot } from '@meridian/domain';
import { readyTitle } from '@meridian/domain';
import type { MergeRequestSubject } from '../../policy/subjects';
import { type ProjectRow, projectSubject } from '../namespaces';
import { mergeRequestNotifyTarget } from '../notifications';
import type { ChangeTarget } from './change-target';
import { type SnapshotRow, snapshotOf } from './issuable-snapshot';

/** A merge request after a write. */
export function mergeRequestChangeTarget(
  project: ProjectRow,
  mr: {
    id: number;
    iid: number;
    title: string;
    author_id: number | null;
    discussion_locked: boolean;
    hidden?: boolean;
  },
): ChangeTarget {
  const subject: MergeRequestSubject = {
    kind: 'merge_request',
    project: {
      ...projectSubject(project),
      archived: project.archived,
      mergeRequestsEnabled: project.merge_requests_enabled,
    },
    authorId: mr.author_id,
    discussionLocked: mr.discussion_locked,
    hidden: mr.hidden ?? false,
  };
  const notifySubject = {
    ...projectSubject(project),
    name: project.name,
    full_path: project.full_path,
    merge_requests_enabled: project.merge_requests_enabled,
  };
  return {
    type: 'MergeRequest',
    id: mr.id,
    noun: 'merge request',
    noteTarget: { type: 'MergeRequest', id: mr.id, projectId: project.id },
    todoTarget: { type: 'MergeRequest', id: mr.id, subject },
    notifyTarget: () => mergeRequestNotifyTarget(notifySubject, mr),
    emails: {
      open: 'new_merge_request',
      close: 'close_merge_request',
      reopen: 'reopen_merge_request',
      reassign: 'reassign_merge_request',
    },
    titleOf: readyTitle,
  };
}

const MERGE_REQUEST_FIELDS = ['draft', 'discussion_locked', 'target_branch', 'milestone_id'] as const;

/** The fields of a merge request row the recorder compares, with its label and people sets when loaded. */
export function mergeRequestSnapshot(
  row: SnapshotRow<(typeof MERGE_REQUEST_FIELDS)[number]>,
  sets: Pick<IssuableSnapshot, 'labelIds' | 'assigneeIds' | 'reviewerIds'> = {},
): IssuableSnapshot {
  return snapshotOf(row, MERGE_REQUEST_FIELDS, sets);
}
