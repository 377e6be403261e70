import type { Executor } from '../../db/executor';
import type { EpicSubject } from '../../policy/subjects';
import { noteableNotifyTarget } from '../notifications/notification-target';
import type { ChangeTarget } from './change-target';

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
