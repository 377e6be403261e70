import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection';
import type { IncidentManagementTimelineEventsTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { canProject, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { insertTimelineEvent, timelineNoteHtml } from '../incident-timeline';
import { findReadableIssueById, type IssueRow, issueSubject } from '../issues';
import type { TimelineEventInput, TimelineEventUpdate } from './timeline-event-params';

/**
 * An incident's timeline (GitLab's IncidentManagement::TimelineEvent): what happened when, in
 * Markdown. Who may read the incident reads its timeline; Developers and up (and administrators)
 * add, edit and remove events (GitLab's admin_incident_management_timeline_event).
 */

export type TimelineEventRow = Selectable<IncidentManagementTimelineEventsTable>;

/** The most events one incident lists (GitLab pages them; an incident's timeline is short). */
const MAX_EVENTS = 500;

/** The incident with that issue id, when the actor may read it; undefined otherwise (or not an incident). */
async function readableIncident(db: Database, actor: Actor | null, issueId: number) {
  const issue = await findReadableIssueById(db, actor, issueId);
  return issue?.issue_type === 'incident' ? issue : undefined;
}

async function assertMayEdit(db: Database, me: Actor, issue: IssueRow) {
  const subject = await issueSubject(db, issue);
  if (!canProject(me, 'admin_incident_management_timeline_event', subject.project)) {
    throw forbidden(forbiddenMessage(subject.project));
  }
}

/** The timeline of an incident the actor may read, by time; [] for anything else. */
export async function listTimelineEvents(db: Database, actor: Actor | null, issueId: number) {
  const issue = await readableIncident(db, actor, issueId);
  if (!issue) return [];
  return db
    .selectFrom('incident_management_timeline_events')
    .selectAll()
    .where('issue_id', '=', issue.id)
    .orderBy('occurred_at')
    .orderBy('id')
    .limit(MAX_EVENTS)
    .execute();
}

export async function createTimelineEvent(
  db: Database,
  actor: Actor | null,
  issueId: number,
  input: TimelineEventInput,
): Promise<TimelineEventRow> {
  const me = requireActor(actor);
  const issue = await findReadableIssueById(db, me, issueId);
  if (!issue) throw notFound('Issue');
  if (issue.issue_type !== 'incident')
    throw badRequest('incidentId is invalid: timeline events are an incident’s', 'incidentId');
  await assertMayEdit(db, me, issue);
  return insertTimelineEvent(db, {
    issueId: issue.id,
    projectId: issue.project_id,
    authorId: me.id,
    occurredAt: input.occurredAt,
    note: input.note,
    editable: true,
  });
}

/** The event and its incident, for who may read the incident (404 otherwise). */
async function findEvent(db: Database, me: Actor, id: number) {
  const event = await db
    .selectFrom('incident_management_timeline_events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const issue = event ? await readableIncident(db, me, event.issue_id) : undefined;
  if (!event || !issue) throw notFound('Timeline event');
  return { event, issue };
}

export async function updateTimelineEvent(
  db: Database,
  actor: Actor | null,
  id: number,
  input: TimelineEventUpdate,
): Promise<TimelineEventRow> {
  const me = requireActor(actor);
  const { event, issue } = await findEvent(db, me, id);
  await assertMayEdit(db, me, issue);
  if (!event.editable) throw badRequest('id is invalid: this timeline event cannot be edited', 'id');
  return db
    .updateTable('incident_management_timeline_events')
    .set({
      ...(input.note !== undefined
        ? { note: input.note, note_html: await timelineNoteHtml(db, issue.project_id, input.note) }
        : {}),
      ...(input.occurredAt !== undefined ? { occurred_at: input.occurredAt } : {}),
      updated_by_user_id: me.id,
      updated_at: new Date(),
    })
    .where('id', '=', event.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function destroyTimelineEvent(db: Database, actor: Actor | null, id: number): Promise<TimelineEventRow> {
  const me = requireActor(actor);
  const { event, issue } = await findEvent(db, me, id);
  await assertMayEdit(db, me, issue);
  await db.deleteFrom('incident_management_timeline_events').where('id', '=', event.id).execute();
  return event;
}
