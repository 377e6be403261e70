import type { AutomaticTimelineNote } from '@meridian/domain';
import { projectReferenceContext } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { renderMarkdown } from '../../markdown/render-markdown';
import { findProjectRow } from '../namespaces';

/** An incident's timeline event note as HTML, with the project's references resolved. */
export async function timelineNoteHtml(db: Database, projectId: number, note: string): Promise<string> {
  const project = await findProjectRow(db, { id: projectId });
  return renderMarkdown(note, project ? projectReferenceContext(project) : undefined);
}

export interface TimelineEventValues {
  issueId: number;
  projectId: number;
  authorId: number;
  occurredAt: Date;
  note: string;
  action?: string;
  /** Events a user writes can be edited; the ones written on a change cannot (GitLab's `editable`). */
  editable: boolean;
}

/** Stores one timeline event (the caller has checked who may write it). */
export async function insertTimelineEvent(db: Database, values: TimelineEventValues) {
  return db
    .insertInto('incident_management_timeline_events')
    .values({
      issue_id: values.issueId,
      project_id: values.projectId,
      author_id: values.authorId,
      updated_by_user_id: values.authorId,
      occurred_at: values.occurredAt,
      note: values.note,
      note_html: await timelineNoteHtml(db, values.projectId, values.note),
      action: values.action ?? 'comment',
      editable: values.editable,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The events a change of an incident writes on its timeline by itself (created, reopened, status,
 * severity, resolved; `automaticTimelineNotes`), by the user who made the change, now.
 */
export async function addAutomaticTimelineEvents(
  db: Database,
  incident: { issueId: number; projectId: number; authorId: number },
  notes: AutomaticTimelineNote[],
): Promise<void> {
  const occurredAt = new Date();
  for (const { action, note } of notes) {
    await insertTimelineEvent(db, { ...incident, occurredAt, note, action, editable: false });
  }
}
