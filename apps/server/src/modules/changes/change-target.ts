import type { QuickActionTargetNoun } from '@meridian/domain';
import type { ChangedKind } from '../../realtime/change-channel';
import type { NotifyEvent, NotifyTarget } from '../notifications';
import type { NoteableType } from '../system-notes';
import type { TodoTarget } from '../todos';

type EventKind = NotifyEvent['kind'];

/**
 * What the change recorder needs to know about the issue, merge request or epic a write changed,
 * as it stands after the write: where its system notes go, who may read it (to-dos and emails),
 * its live-event kind and the email events of its kind. Built by one adapter per kind
 * (issue-change-target.ts, merge-request-change-target.ts, epic-change-target.ts).
 */
export interface ChangeTarget {
  type: NoteableType & ChangedKind;
  id: number;
  noun: QuickActionTargetNoun;
  noteTarget: { type: NoteableType; id: number; projectId: number | null; groupId?: number };
  todoTarget: TodoTarget;
  /** Built only when emails are sent (it may look up the container's name). */
  notifyTarget: () => Promise<NotifyTarget> | NotifyTarget;
  emails: {
    open: 'new_issue' | 'new_merge_request' | 'new_epic';
    close: Extract<EventKind, `close_${string}`>;
    reopen: Extract<EventKind, `reopen_${string}`>;
    reassign?: Extract<EventKind, `reassign_${string}`>;
  };
  /** How titles compare for the title note (a merge request's Draft prefix is a note of its own). */
  titleOf?: (title: string) => string;
  /** Incidents: why the escalation status changed, appended to its note (' by closing the incident'). */
  statusChangeReason?: string;
  /** An epic's group: another epic's reference is short (`&3`) in the same group, else full. */
  groupId?: number;
}
