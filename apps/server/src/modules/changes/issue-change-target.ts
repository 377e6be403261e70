import type { IssuableSnapshot } from '@meridian/domain';
import type { Executor } from '../../db/executor';
import type { IssueSubject } from '../../policy/subjects';
import { issueNotifyTarget, noteableNotifyTarget } from '../notifications';
import { issueNoteTarget } from '../system-notes';
import type { ChangeTarget } from './change-target';
import { type SnapshotRow, snapshotOf } from './issuable-snapshot';

const ISSUE_EMAILS: ChangeTarget['emails'] = {
  open: 'new_issue',
  close: 'close_issue',
  reopen: 'reopen_issue',
  reassign: 'reassign_issue',
};

/** An issue (task and incident included) after a write, with its policy subject as it now stands. */
export function issueChangeTarget(
  project: { id: number; name: string; full_path: string; namespace_traversal_ids: number[] },
  issue: { id: number; iid: number; title: string },
  subject: IssueSubject,
): ChangeTarget {
  return issueTarget({ id: issue.id, project_id: project.id }, subject, () =>
    issueNotifyTarget(project, issue, subject),
  );
}

/** An issue's change target; `notifyTarget` loads what its emails name. */
function issueTarget(
  issue: { id: number; project_id: number },
  subject: IssueSubject,
  notifyTarget: ChangeTarget['notifyTarget'],
): ChangeTarget {
  return {
    type: 'Issue',
    id: issue.id,
    noun: 'issue',
    noteTarget: issueNoteTarget(issue),
    todoTarget: { type: 'Issue', id: issue.id, subject },
    notifyTarget,
    emails: ISSUE_EMAILS,
  };
}

const ISSUE_FIELDS = [
  'confidential',
  'discussion_locked',
  'issue_type',
  'milestone_id',
  'iteration_id',
  'due_date',
  'start_date',
  'weight',
  'health_status',
  'severity',
  'escalation_status',
  'escalation_policy_id',
] as const;

/** The fields of an issue row the recorder compares, with its label and assignee sets when loaded. */
export function issueSnapshot(
  row: SnapshotRow<(typeof ISSUE_FIELDS)[number]>,
  sets: Pick<IssuableSnapshot, 'labelIds' | 'assigneeIds'> = {},
): IssuableSnapshot {
  return snapshotOf(row, ISSUE_FIELDS, sets);
}

/** `issueChangeTarget` from the issue row alone: its project's names load only when an email is sent. */
export function issueRowChangeTarget(
  db: Executor,
  row: { id: number; iid: number; project_id: number; title: string },
  subject: IssueSubject,
): ChangeTarget {
  return issueTarget(row, subject, () =>
    noteableNotifyTarget(db, { kind: 'issue', id: row.id, iid: row.iid, projectId: row.project_id, row, subject }),
  );
}
