import {
  automaticTimelineNotes,
  changeOf,
  diffSnapshots,
  type FieldChange,
  hookAction,
  hookChanges,
  type IssuableSnapshot,
} from '@meridian/domain';
import { publishChange } from '../../realtime/change-channel';
import type { InTransaction } from '../../service-context';
import { syncIncidentEscalations } from '../incident-escalations';
import { addAutomaticTimelineEvents } from '../incident-timeline';
import { type NotifyEvent, notify } from '../notifications';
import { queueStatusChecks } from '../status-checks';
import { addSystemNote } from '../system-notes';
import { createAssignedTodos, createMentionTodos } from '../todos';
import { queueWebhookEvent } from '../webhooks';
import { changeSystemNotes, loadNoteLookups } from './change-system-notes';
import type { ChangeTarget } from './change-target';
import { hookObjects } from './hook-objects';

export type { ChangeTarget } from './change-target';

/**
 * Every after-write effect of a create (`before` null) or update of an issue, merge request or
 * epic, from one diff of its before and after snapshots, inside the write's transaction: system
 * notes (on the item, and on both parents when an epic moves), mention rows and to-dos, assignee
 * and reviewer to-dos, notification emails (queued in the outbox), an incident's automatic
 * timeline events and pending escalations, live events, the webhook event and, for a merge request, the requests to its
 * project's external status checks. GitLab's Issuable::BaseService#handle_changes, in one place for
 * every write path. Runs with the write's context (its transaction, actor and configuration).
 * Answers the field changes it recorded.
 */
export async function recordChange(
  ctx: InTransaction,
  target: ChangeTarget,
  before: IssuableSnapshot | null,
  after: IssuableSnapshot,
): Promise<FieldChange[]> {
  const { db: trx, actor } = ctx;
  const created = before === null;
  const changes = diffSnapshots(before, after);
  const lookups = await loadNoteLookups(trx, target, changes);
  for (const { on, note, names } of changeSystemNotes(target, changes, lookups, created)) {
    await addSystemNote(trx, on, actor.id, note, names);
  }
  if (target.type === 'Issue' && target.noteTarget.projectId !== null) {
    const incident = { issueId: target.id, projectId: target.noteTarget.projectId, authorId: actor.id };
    await addAutomaticTimelineEvents(trx, incident, automaticTimelineNotes(actor.username, before, after));
    await syncIncidentEscalations(trx, target.id, actor.id, before, after);
  }
  const description = changeOf(changes, 'description');
  if (created || description) {
    const mentioning = { text: after.description, ...(before ? { previousText: before.description } : {}) };
    await createMentionTodos(trx, actor, target.todoTarget, mentioning);
  }
  const assignees = changeOf(changes, 'assigneeIds');
  if (assignees?.added.length) {
    await createAssignedTodos(trx, actor, target.todoTarget, assignees.added, after.description);
  }
  const reviewers = changeOf(changes, 'reviewerIds');
  if (reviewers?.added.length) {
    await createAssignedTodos(trx, actor, target.todoTarget, reviewers.added, after.description, 'review_requested');
  }
  await notifyChange(ctx, target, before, after, changes);
  if (!created) {
    await publishChange(trx, target.type, target.id, 'updated');
    if (changeOf(changes, 'labelIds')) await publishChange(trx, target.type, target.id, 'labels');
  }
  // The parents it left and joined list their children: they changed too.
  for (const field of ['parent_id', 'work_item_parent_id'] as const) {
    const parent = changeOf(changes, field);
    for (const id of [parent?.previous, parent?.current]) {
      if (typeof id === 'number') await publishChange(trx, target.type, id, 'updated');
    }
  }
  const action = hookAction(before, changes);
  const hookedChanges = hookChanges(changes, await hookObjects(trx, changes, lookups.users));
  await queueWebhookEvent(ctx, {
    kind: 'issuable',
    type: target.type,
    id: target.id,
    action,
    actorId: actor.id,
    changes: hookedChanges,
  });
  if (target.type === 'MergeRequest') {
    await queueStatusChecks(ctx, { mergeRequestId: target.id, actorId: actor.id, action, changes: hookedChanges });
  }
  return changes;
}

/** The emails of a change: creation, close / reopen, new assignees, new mentions in the description. */
async function notifyChange(
  ctx: InTransaction,
  target: ChangeTarget,
  before: IssuableSnapshot | null,
  after: IssuableSnapshot,
  changes: readonly FieldChange[],
): Promise<void> {
  if (!ctx.config.mail) return;
  const events: NotifyEvent[] = [];
  if (before === null) {
    events.push({ kind: target.emails.open, description: after.description });
  } else {
    const state = changeOf(changes, 'state');
    if (state?.current === 'closed') events.push({ kind: target.emails.close });
    if (state?.current === 'opened') events.push({ kind: target.emails.reopen });
    const assignees = changeOf(changes, 'assigneeIds');
    if (assignees && target.emails.reassign) {
      events.push({
        kind: target.emails.reassign,
        previousAssigneeIds: assignees.previous,
        assigneeIds: assignees.current,
      });
    }
    if (changeOf(changes, 'description')) {
      events.push({ kind: 'mention', text: after.description, previousText: before.description, internal: false });
    }
  }
  if (events.length === 0) return;
  const notifyTarget = await target.notifyTarget();
  for (const event of events) await notify(ctx, notifyTarget, event);
}
