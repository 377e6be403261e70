import type { IssuableSnapshot } from '@meridian/domain';
import type { Executor } from '../../db/executor';
import type { EpicSubject } from '../../policy/subjects';
import { noteableNotifyTarget } from '../notifications';
import type { ChangeTarget } from './change-target';
import { type SnapshotRow, snapshotOf } from './issuable-snapshot';

/** An epic after a write, with its policy subject as it now stands. */
export function epicChangeTarget(
  db: Executor,
  epic: { id: number; iid: number; group_id: number; title: string },
  subject: EpicSubject,
): ChangeTarget {
  return {
    type: 'Epic',
    id: epic.id,
    noun: 'epic',
    noteTarget: { type: 'Epic', id: epic.id, projectId: null, groupId: epic.group_id },
    todoTarget: { type: 'Epic', id: epic.id, subject },
    notifyTarget: () =>
      noteableNotifyTarget(db, {
        kind: 'epic',
        id: epic.id,
        iid: epic.iid,
        groupId: epic.group_id,
        row: epic,
        subject,
      }),
    emails: { open: 'new_epic', close: 'close_epic', reopen: 'reopen_epic' },
    groupId: epic.group_id,
  };
}

const EPIC_FIELDS = ['confidential', 'parent_id', 'start_date_fixed', 'due_date_fixed', 'color'] as const;

/** The fields of an epic row the recorder compares, with its label set when loaded. */
export function epicSnapshot(
  row: SnapshotRow<(typeof EPIC_FIELDS)[number]>,
  sets: Pick<IssuableSnapshot, 'labelIds'> = {},
): IssuableSnapshot {
  return snapshotOf(row, EPIC_FIELDS, sets);
}
