import type { HealthStatus, IssueBackedType } from '@meridian/domain';
import { assigneesChangedNote, datesInOrder, labelsChangedNote, positionAtEnd } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, conflict, forbidden } from '../../errors';
import { projectReferenceContext } from '../../markdown/gfm-references';
import { renderMarkdown } from '../../markdown/render-markdown';
import { canAdminNewIssue, canIssue, canProject, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { IssueSubject, ProjectSubject } from '../../policy/subjects';
import { publishChange } from '../../realtime/change-channel';
import { epicIdsDatedBy, refreshEpicDates } from '../epics/epic-dates.service';
import { findEpicById } from '../epics/epics.service';
import { setIssueEpic } from '../epics/issues/epic-issues.service';
import { nextIid } from '../internal-ids/next-iid';
import { validAssignees, validIteration, validMilestone } from '../issuables/issuable-write';
import type { ProjectRow } from '../namespaces/namespace-lookup.service';
import { fieldChangeNotes, usersChangedNote } from '../notes/change-notes';
import { addSystemNote, deleteNoteableRecords, issueNoteTarget } from '../notes/noteable-records';
import { issueNotifyTarget } from '../notifications/notification-target';
import { type NotifyEvent, notify } from '../notifications/notify';
import { applySecretPolicy } from '../secret-detection/secret-policy';
import { createAssignedTodos, createMentionTodos, type TodoTarget } from '../todos/todo-creation';
import { assertParentLinkConfidentiality } from '../work-items/parent-link-confidentiality';
import { applyIssueLabelChanges, type IssueLabelChanges } from './issue-labels';
import { findIssue, type IssueRow, issueSubject, projectIssueSubject } from './issues.service';

/** Fields settable on create and update (GitLab names, already parsed). */
export interface IssueInput extends IssueLabelChanges {
  title?: string;
  description?: string;
  confidential?: boolean;
  issue_type?: IssueBackedType;
  /** Admin-only below (silently ignored without admin_issue, as GitLab does). */
  assignee_ids?: number[];
  milestone_id?: number | null;
  iteration_id?: number | null;
  due_date?: string | null;
  start_date?: string | null;
  weight?: number | null;
  epic_id?: number | null;
  health_status?: HealthStatus | null;
  /** Objectives and key results (the work item progress widget): 0–100. */
  progress?: number | null;
  discussion_locked?: boolean;
  created_at?: Date;
  /** Update only. */
  state_event?: 'close' | 'reopen';
  lock_version?: number;
}

/** The epic for `epic_id` (404 when missing or unreadable); null for 0 / null (remove). */
async function targetEpic(trx: Transaction<DB>, actor: Actor, epicId: number | null) {
  return epicId === null || epicId === 0 ? null : findEpicById(trx, actor, epicId);
}

/** 400 when the issue is (still) in a confidential epic but is not confidential itself. */
async function assertConfidentialEpicRule(trx: Transaction<DB>, issueId: number): Promise<void> {
  const inConfidentialEpic = await trx
    .selectFrom('epic_issues as ei')
    .innerJoin('epics as e', 'e.id', 'ei.epic_id')
    .innerJoin('issues as i', 'i.id', 'ei.issue_id')
    .select('e.id')
    .where('ei.issue_id', '=', issueId)
    .where('e.confidential', '=', true)
    .where('i.confidential', '=', false)
    .executeTakeFirst();
  if (inConfidentialEpic) {
    throw badRequest(
      'confidential is invalid: Cannot set confidential epic for a non-confidential issue',
      'confidential',
    );
  }
}

async function iterationNote(trx: Transaction<DB>, iterationId: number | null): Promise<string> {
  if (iterationId === null) return 'removed iteration';
  const it = await trx.selectFrom('iterations').select('title').where('id', '=', iterationId).executeTakeFirstOrThrow();
  // GitLab references an iteration by id when it has no title (cadence-generated iterations).
  if (!it.title) return `changed iteration to *iteration:${iterationId}`;
  return `changed iteration to *iteration:"${it.title.replace(/"/g, '\\"')}"`;
}

async function milestoneNote(trx: Transaction<DB>, milestoneId: number | null): Promise<string> {
  if (milestoneId === null) return 'removed milestone';
  const m = await trx.selectFrom('milestones').select('title').where('id', '=', milestoneId).executeTakeFirstOrThrow();
  return `changed milestone to %"${m.title.replace(/"/g, '\\"')}"`;
}

/**
 * IE §2.2: only who may create incidents (Reporter and up) makes an issue an incident; keeping an
 * incident an incident is anyone's who may edit it.
 */
function assertMayTypeAsIncident(me: Actor, project: ProjectSubject, wanted: string | undefined, current: string) {
  if (wanted !== 'incident' || current === 'incident' || canProject(me, 'create_incident', project)) return;
  throw forbidden('issue_type is invalid: you may not create incidents in this project (Reporter role or higher)');
}

/** A start date after the due date is refused (400 naming `start_date`), as GitLab's dates widget does. */
function assertStartNotAfterDue(start: string | null, due: string | null): void {
  if (!datesInOrder(start, due)) {
    throw badRequest('start_date must be on or before the due date', 'start_date');
  }
}

const textsToSave = (input: IssueInput) => [
  { field: 'title', text: input.title },
  { field: 'description', text: input.description },
];

/** POST /projects/:id/issues. Returns the new issue's iid. */
export async function createIssue(db: Database, actor: Actor | null, project: ProjectRow, input: IssueInput) {
  const me = requireActor(actor);
  const subject = projectIssueSubject(project);
  if (!canProject(me, 'create_issue', subject)) throw forbidden(forbiddenMessage(subject));
  assertMayTypeAsIncident(me, subject, input.issue_type, 'issue');
  await applySecretPolicy(db, textsToSave(input));
  const admin = canAdminNewIssue(me, subject);
  if (admin) assertStartNotAfterDue(input.start_date ?? null, input.due_date ?? null);
  const isOwnerOrAdmin = me.admin;
  const newIssueTarget = (id: number, assigneeIds: number[]): TodoTarget => ({
    type: 'Issue',
    id,
    subject: {
      kind: 'issue',
      project: subject,
      confidential: input.confidential ?? false,
      authorId: me.id,
      assigneeIds,
      discussionLocked: false,
      hidden: false,
    },
  });
  return db.transaction().execute(async (trx) => {
    const iid = await nextIid(trx, 'issues', project.id);
    const last = await trx
      .selectFrom('issues')
      .select(sql<number | null>`max(relative_position)`.as('max'))
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    const position = positionAtEnd(last?.max ?? null);
    const milestoneId = admin ? await validMilestone(trx, project, input.milestone_id) : undefined;
    const iterationId = admin ? await validIteration(trx, project, input.iteration_id) : undefined;
    const description = input.description ?? '';
    const row = await trx
      .insertInto('issues')
      .values({
        project_id: project.id,
        iid,
        title: input.title ?? '',
        description,
        description_html: renderMarkdown(description, projectReferenceContext(project)),
        author_id: me.id,
        confidential: input.confidential ?? false,
        issue_type: input.issue_type ?? 'issue',
        milestone_id: milestoneId ?? null,
        iteration_id: iterationId ?? null,
        due_date: admin ? (input.due_date ?? null) : null,
        start_date: admin ? (input.start_date ?? null) : null,
        weight: admin ? (input.weight ?? null) : null,
        health_status: admin ? (input.health_status ?? null) : null,
        discussion_locked: admin ? (input.discussion_locked ?? false) : false,
        relative_position: position.position,
        ...(isOwnerOrAdmin && input.created_at ? { created_at: input.created_at, updated_at: input.created_at } : {}),
      })
      .returning(['id', 'iid', 'project_id'])
      .executeTakeFirstOrThrow();
    let assignedIds: number[] = [];
    if (admin) {
      const readsIt = (u: Actor) =>
        canIssue(u, 'read_issue', {
          kind: 'issue',
          project: subject,
          confidential: input.confidential ?? false,
          authorId: me.id,
          assigneeIds: [],
          discussionLocked: false,
          hidden: false,
        });
      const assignees = await validAssignees(trx, input.assignee_ids, readsIt);
      if (assignees?.length) {
        await trx
          .insertInto('issue_assignees')
          .values(assignees.map((user_id) => ({ issue_id: row.id, user_id })))
          .execute();
        await createAssignedTodos(trx, me, newIssueTarget(row.id, assignees), assignees, description);
        assignedIds = assignees;
      }
      await applyIssueLabelChanges(trx, project, row.id, input);
      if (input.epic_id) {
        const epic = await targetEpic(trx, me, input.epic_id);
        const candidate = {
          id: row.id,
          namespace_traversal_ids: project.namespace_traversal_ids,
          confidential: input.confidential ?? false,
        };
        await setIssueEpic(trx, me, candidate, epic, { field: 'epic_id', sameEpic: 'ignore' });
      }
    }
    await createMentionTodos(trx, me, newIssueTarget(row.id, input.assignee_ids ?? []), { text: description });
    const created = { id: row.id, iid: row.iid, title: input.title ?? '' };
    const target = issueNotifyTarget(project, created, newIssueTarget(row.id, assignedIds).subject as IssueSubject);
    await notify(trx, me, target, { kind: 'new_issue', description });
    return row.iid;
  });
}

/** PUT /projects/:id/issues/:iid. */
export async function updateIssue(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: IssueInput,
) {
  const me = requireActor(actor);
  const issue = await findIssue(db, me, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'update_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  const admin = canIssue(me, 'admin_issue', subject);
  assertMayTypeAsIncident(me, subject.project, input.issue_type, issue.issue_type);
  if (input.lock_version !== undefined && input.lock_version !== issue.lock_version) {
    throw conflict('Issue was changed by someone else (stale lock_version)');
  }
  await applySecretPolicy(db, textsToSave(input));
  await withTransaction(db, async (trx) => {
    const changes: Record<string, unknown> = {};
    const notes: string[] = [];
    const events: NotifyEvent[] = [];
    let finalAssigneeIds = subject.assigneeIds;
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) {
      changes.description = input.description;
      changes.description_html = renderMarkdown(input.description, projectReferenceContext(project));
    }
    if (input.confidential !== undefined) changes.confidential = input.confidential;
    if (input.issue_type !== undefined) changes.issue_type = input.issue_type;
    if (input.state_event === 'close' && issue.state !== 'closed') {
      Object.assign(changes, { state: 'closed', closed_at: new Date(), closed_by_id: me.id });
      notes.push('closed');
      events.push({ kind: 'close_issue' });
    } else if (input.state_event === 'reopen' && issue.state !== 'opened') {
      Object.assign(changes, { state: 'opened', closed_at: null, closed_by_id: null });
      notes.push('reopened');
      events.push({ kind: 'reopen_issue' });
    }
    if (admin) {
      if (input.milestone_id !== undefined) {
        const milestoneId = await validMilestone(trx, project, input.milestone_id);
        if (milestoneId !== undefined && milestoneId !== issue.milestone_id) {
          changes.milestone_id = milestoneId;
          notes.push(await milestoneNote(trx, milestoneId));
        }
      }
      const iterationId = await validIteration(trx, project, input.iteration_id);
      if (iterationId !== undefined && iterationId !== issue.iteration_id) {
        changes.iteration_id = iterationId;
        notes.push(await iterationNote(trx, iterationId));
      }
      if (input.due_date !== undefined) changes.due_date = input.due_date;
      if (input.start_date !== undefined) changes.start_date = input.start_date;
      assertStartNotAfterDue(
        input.start_date === undefined ? issue.start_date : input.start_date,
        input.due_date === undefined ? issue.due_date : input.due_date,
      );
      if (input.weight !== undefined) changes.weight = input.weight;
      if (input.health_status !== undefined) changes.health_status = input.health_status;
      if (input.progress !== undefined) changes.progress = input.progress;
      if (input.discussion_locked !== undefined) changes.discussion_locked = input.discussion_locked;
    }
    notes.push(...fieldChangeNotes(issue, changes, 'issue'));
    const updated = await trx
      .updateTable('issues')
      .set({
        ...changes,
        updated_by_id: me.id,
        updated_at: sql<Date>`now()`,
        lock_version: sql<number>`lock_version + 1`,
      })
      .where('id', '=', issue.id)
      .where('lock_version', '=', issue.lock_version)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw conflict('Issue was changed by someone else (stale lock_version)');
    await publishChange(trx, 'Issue', issue.id, 'updated');
    if (admin) {
      const labels = await applyIssueLabelChanges(trx, project, issue.id, input);
      const labelsNote = labelsChangedNote(labels.added, labels.removed);
      if (labelsNote) {
        notes.push(labelsNote);
        await publishChange(trx, 'Issue', issue.id, 'labels');
      }
      const finalSubject = { ...subject, confidential: input.confidential ?? issue.confidential };
      const assignees = await validAssignees(trx, input.assignee_ids, (u) => canIssue(u, 'read_issue', finalSubject));
      if (assignees !== undefined) {
        await trx.deleteFrom('issue_assignees').where('issue_id', '=', issue.id).execute();
        if (assignees.length) {
          await trx
            .insertInto('issue_assignees')
            .values(assignees.map((user_id) => ({ issue_id: issue.id, user_id })))
            .execute();
        }
        const added = assignees.filter((id) => !subject.assigneeIds.includes(id));
        const assigneesNote = await usersChangedNote(trx, subject.assigneeIds, assignees, assigneesChangedNote);
        if (assigneesNote) notes.push(assigneesNote);
        finalAssigneeIds = assignees;
        const removed = subject.assigneeIds.filter((id) => !assignees.includes(id));
        if (added.length || removed.length) {
          events.push({ kind: 'reassign_issue', previousAssigneeIds: subject.assigneeIds, assigneeIds: assignees });
        }
        const target: TodoTarget = {
          type: 'Issue',
          id: issue.id,
          subject: { ...finalSubject, assigneeIds: assignees },
        };
        await createAssignedTodos(trx, me, target, added, input.description ?? issue.description);
      }
      if (input.epic_id !== undefined) {
        const epic = await targetEpic(trx, me, input.epic_id);
        const candidate = { ...issue, confidential: input.confidential ?? issue.confidential };
        await setIssueEpic(trx, me, candidate, epic, { field: 'epic_id', sameEpic: 'ignore' });
      }
    }
    if (input.description !== undefined) {
      const target: TodoTarget = {
        type: 'Issue',
        id: issue.id,
        subject: { ...subject, confidential: input.confidential ?? issue.confidential },
      };
      const mentioning = { text: input.description, previousText: issue.description };
      await createMentionTodos(trx, me, target, mentioning);
      events.push({ kind: 'mention', text: input.description, previousText: issue.description, internal: false });
    }
    if (changes.confidential === false) await assertConfidentialEpicRule(trx, issue.id);
    if (input.confidential !== undefined && input.confidential !== issue.confidential) {
      const type = input.issue_type ?? issue.issue_type;
      await assertParentLinkConfidentiality(trx, { id: issue.id, issue_type: type }, input.confidential);
    }
    if (changes.milestone_id !== undefined) await refreshEpicDates(trx, { issueIds: [issue.id] });
    for (const note of notes) await addSystemNote(trx, issueNoteTarget(issue), me.id, note);
    const finalIssueSubject: IssueSubject = {
      ...subject,
      confidential: input.confidential ?? issue.confidential,
      assigneeIds: finalAssigneeIds,
    };
    const target = issueNotifyTarget(project, { ...issue, title: input.title ?? issue.title }, finalIssueSubject);
    for (const event of events) await notify(trx, me, target, event);
  });
}

/**
 * Lock or unlock an issue's discussion (GraphQL issueSetLocked). Unlike REST's `discussion_locked`,
 * which GitLab silently drops for users who may not administer the issue, this says no: 403.
 */
export async function setIssueDiscussionLock(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  locked: boolean,
) {
  const me = requireActor(actor);
  const subject = await issueSubject(db, await findIssue(db, me, project.id, iid));
  if (!canIssue(me, 'admin_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  await updateIssue(db, me, project, iid, { discussion_locked: locked });
}

/** DELETE /projects/:id/issues/:iid (destroy_issue: Planner or Owner, or an admin). */
export async function deleteIssue(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  const me = requireActor(actor);
  const issue: IssueRow = await findIssue(db, me, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'destroy_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  await db.transaction().execute(async (trx) => {
    const epicIds = await epicIdsDatedBy(trx, { issueIds: [issue.id] });
    await deleteNoteableRecords(trx, 'Issue', issue.id);
    await trx.deleteFrom('issues').where('id', '=', issue.id).execute();
    await publishChange(trx, 'Issue', issue.id, 'deleted');
    await refreshEpicDates(trx, { epicIds });
  });
}
