import type { EscalationStatus, HealthStatus, IssueBackedType, Severity } from '@meridian/domain';
import { datesInOrder, positionAtEnd, projectReferenceContext } from '@meridian/domain';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB, IssuesTable } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, conflict, forbidden } from '../../errors';
import { renderMarkdown } from '../../markdown/render-markdown';
import { canAdminNewIssue, canIssue, canProject, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { IssueSubject, ProjectSubject } from '../../policy/subjects';
import { publishChange } from '../../realtime/change-channel';
import type { ServiceContext } from '../../service-context';
import { issueChangeTarget, issueSnapshot, recordChange } from '../changes';
import { epicIdsDatedBy, findEpicById, refreshEpicDates, setIssueEpic } from '../epics';
import { projectEscalationPolicyId } from '../incident-escalations';
import { nextIid } from '../internal-ids';
import {
  editStamp,
  type ImportSource,
  textEditStamp,
  validAssignees,
  validIteration,
  validMilestone,
} from '../issuables';
import type { ProjectRow } from '../namespaces';
import { applySecretPolicy, titleAndDescription } from '../secret-detection';
import { deleteNoteableRecords } from '../system-notes';
import { assertParentLinkConfidentiality } from '../work-items';
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
  /** Incidents only (400 for other types); anyone who may update the issue. */
  severity?: Severity;
  escalation_status?: EscalationStatus;
  /** Incidents only: the project's escalation policy that pages (null: none). */
  escalation_policy_id?: number | null;
  /** Objectives and key results (the work item progress widget): 0–100. */
  progress?: number | null;
  discussion_locked?: boolean;
  created_at?: Date;
  /** Create only, set by an importer (never parsed from a request): where the issue came from. */
  imported_from?: ImportSource;
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

/**
 * POST /projects/:id/issues. Returns the new issue's iid. Inside an open transaction (an import's
 * batch) it runs in a savepoint of it.
 */
export async function createIssue(ctx: ServiceContext, project: ProjectRow, input: IssueInput) {
  const { db, actor: me } = ctx;
  const subject = projectIssueSubject(project);
  if (!canProject(me, 'create_issue', subject)) throw forbidden(forbiddenMessage(subject));
  assertMayTypeAsIncident(me, subject, input.issue_type, 'issue');
  await applySecretPolicy(db, titleAndDescription(input));
  const admin = canAdminNewIssue(me, subject);
  if (admin) assertStartNotAfterDue(input.start_date ?? null, input.due_date ?? null);
  const isOwnerOrAdmin = me.admin;
  const confidential = input.confidential ?? false;
  const newIssueSubject = (assigneeIds: number[]): IssueSubject => ({
    kind: 'issue',
    project: subject,
    confidential,
    authorId: me.id,
    assigneeIds,
    discussionLocked: false,
    hidden: false,
  });
  return withTransaction(db, async (trx) => {
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
        confidential,
        issue_type: input.issue_type ?? 'issue',
        milestone_id: milestoneId ?? null,
        iteration_id: iterationId ?? null,
        due_date: admin ? (input.due_date ?? null) : null,
        start_date: admin ? (input.start_date ?? null) : null,
        weight: admin ? (input.weight ?? null) : null,
        health_status: admin ? (input.health_status ?? null) : null,
        discussion_locked: admin ? (input.discussion_locked ?? false) : false,
        relative_position: position.position,
        imported_from: input.imported_from ?? 'none',
        ...(isOwnerOrAdmin && input.created_at ? { created_at: input.created_at, updated_at: input.created_at } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    let assigneeIds: number[] = [];
    let labelIds: number[] = [];
    if (admin) {
      const readsIt = (u: Actor) => canIssue(u, 'read_issue', newIssueSubject([]));
      const assignees = await validAssignees(trx, input.assignee_ids, readsIt);
      if (assignees?.length) {
        await trx
          .insertInto('issue_assignees')
          .values(assignees.map((user_id) => ({ issue_id: row.id, user_id })))
          .execute();
        assigneeIds = assignees;
      }
      labelIds = (await applyIssueLabelChanges(trx, project, row.id, input))?.after ?? [];
      if (input.epic_id) {
        const epic = await targetEpic(trx, me, input.epic_id);
        const candidate = { id: row.id, namespace_traversal_ids: project.namespace_traversal_ids, confidential };
        await setIssueEpic(trx, me, candidate, epic, { field: 'epic_id', sameEpic: 'ignore' });
      }
    }
    const target = issueChangeTarget(project, row, newIssueSubject(assigneeIds));
    await recordChange({ ...ctx, db: trx }, target, null, issueSnapshot(row, { labelIds, assigneeIds }));
    return row.iid;
  });
}

/** PUT /projects/:id/issues/:iid. */
export async function updateIssue(ctx: ServiceContext, project: ProjectRow, iid: number, input: IssueInput) {
  const { db, actor: me } = ctx;
  const issue = await findIssue(db, me, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'update_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  const admin = canIssue(me, 'admin_issue', subject);
  assertMayTypeAsIncident(me, subject.project, input.issue_type, issue.issue_type);
  if (input.lock_version !== undefined && input.lock_version !== issue.lock_version) {
    throw conflict('Issue was changed by someone else (stale lock_version)');
  }
  await applySecretPolicy(db, titleAndDescription(input));
  await withTransaction(db, async (trx) => {
    const changes = await issueRowChanges(trx, me, project, issue, input, admin);
    const updated = await trx
      .updateTable('issues')
      .set({ ...changes, ...editStamp(me.id), ...textEditStamp(issue, changes, me.id) })
      .where('id', '=', issue.id)
      .where('lock_version', '=', issue.lock_version)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw conflict('Issue was changed by someone else (stale lock_version)');
    const finalSubject = { ...subject, confidential: updated.confidential };
    const closedIncident =
      input.state_event === 'close' &&
      input.escalation_status === undefined &&
      changes.escalation_status === 'resolved';
    const labels = admin ? await applyIssueLabelChanges(trx, project, issue.id, input) : null;
    const assignees = admin
      ? await validAssignees(trx, input.assignee_ids, (u) => canIssue(u, 'read_issue', finalSubject))
      : undefined;
    if (assignees !== undefined) {
      await trx.deleteFrom('issue_assignees').where('issue_id', '=', issue.id).execute();
      if (assignees.length) {
        await trx
          .insertInto('issue_assignees')
          .values(assignees.map((user_id) => ({ issue_id: issue.id, user_id })))
          .execute();
      }
      finalSubject.assigneeIds = assignees;
    }
    if (admin && input.epic_id !== undefined) {
      const epic = await targetEpic(trx, me, input.epic_id);
      await setIssueEpic(trx, me, { ...issue, confidential: updated.confidential }, epic, {
        field: 'epic_id',
        sameEpic: 'ignore',
      });
    }
    if (changes.confidential === false) await assertConfidentialEpicRule(trx, issue.id);
    if (updated.confidential !== issue.confidential) {
      await assertParentLinkConfidentiality(
        trx,
        { id: issue.id, issue_type: updated.issue_type },
        updated.confidential,
      );
    }
    if (changes.milestone_id !== undefined) await refreshEpicDates(trx, { issueIds: [issue.id] });
    const sets = (which: 'before' | 'after') => ({
      ...(labels ? { labelIds: labels[which] } : {}),
      ...(assignees !== undefined ? { assigneeIds: which === 'before' ? subject.assigneeIds : assignees } : {}),
    });
    const target = issueChangeTarget(project, updated, finalSubject);
    if (closedIncident) target.statusChangeReason = ' by closing the incident';
    const before = issueSnapshot(issue, sets('before'));
    await recordChange({ ...ctx, db: trx }, target, before, issueSnapshot(updated, sets('after')));
  });
}

/** The issue columns an update sets (admin-only fields only for who may administer the issue). */
async function issueRowChanges(
  trx: Transaction<DB>,
  me: Actor,
  project: ProjectRow,
  issue: IssueRow,
  input: IssueInput,
  admin: boolean,
): Promise<Updateable<IssuesTable>> {
  const changes: Updateable<IssuesTable> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) {
    changes.description = input.description;
    changes.description_html = renderMarkdown(input.description, projectReferenceContext(project));
  }
  if (input.confidential !== undefined) changes.confidential = input.confidential;
  if (input.issue_type !== undefined) changes.issue_type = input.issue_type;
  if (input.state_event === 'close' && issue.state !== 'closed') {
    Object.assign(changes, { state: 'closed', closed_at: new Date(), closed_by_id: me.id });
  } else if (input.state_event === 'reopen' && issue.state !== 'opened') {
    Object.assign(changes, { state: 'opened', closed_at: null, closed_by_id: null });
  }
  incidentFieldChanges(me, issue, input, changes);
  await escalationPolicyChange(trx, project, issue, input, changes);
  if (!admin) return changes;
  if (input.milestone_id !== undefined) {
    const milestoneId = await validMilestone(trx, project, input.milestone_id);
    if (milestoneId !== undefined && milestoneId !== issue.milestone_id) changes.milestone_id = milestoneId;
  }
  const iterationId = await validIteration(trx, project, input.iteration_id);
  if (iterationId !== undefined && iterationId !== issue.iteration_id) changes.iteration_id = iterationId;
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
  return changes;
}

/**
 * Severity and escalation status (incidents only, 400 naming the field otherwise). As GitLab does,
 * resolving an incident closes it, closing one resolves it and reopening one sets it triggered.
 */
function incidentFieldChanges(me: Actor, issue: IssueRow, input: IssueInput, changes: Updateable<IssuesTable>) {
  const incident = (input.issue_type ?? issue.issue_type) === 'incident';
  for (const field of ['severity', 'escalation_status'] as const) {
    if (input[field] !== undefined && !incident) {
      throw badRequest(`${field} is invalid: only incidents have a ${field.replace('_', ' ')}`, field);
    }
  }
  if (!incident) return;
  if (input.severity !== undefined && input.severity !== issue.severity) changes.severity = input.severity;
  const status = input.escalation_status;
  if (status !== undefined && status !== issue.escalation_status) changes.escalation_status = status;
  if (status === 'resolved' && issue.state !== 'closed') {
    Object.assign(changes, { state: 'closed', closed_at: new Date(), closed_by_id: me.id });
  }
  if (status !== undefined || issue.issue_type !== 'incident') return;
  if (changes.state === 'closed' && issue.escalation_status !== 'resolved') changes.escalation_status = 'resolved';
  if (changes.state === 'opened' && issue.escalation_status !== 'triggered') changes.escalation_status = 'triggered';
}

/** The incident's escalation policy (GitLab's issueSetEscalationPolicy): one of its project's, or none. */
async function escalationPolicyChange(
  trx: Transaction<DB>,
  project: ProjectRow,
  issue: IssueRow,
  input: IssueInput,
  changes: Updateable<IssuesTable>,
) {
  const wanted = input.escalation_policy_id;
  if (wanted === undefined) return;
  if ((input.issue_type ?? issue.issue_type) !== 'incident') {
    throw badRequest(
      'escalation_policy_id is invalid: only incidents have an escalation policy',
      'escalation_policy_id',
    );
  }
  const id = wanted === null ? null : await projectEscalationPolicyId(trx, project.id, wanted);
  if (id !== issue.escalation_policy_id) changes.escalation_policy_id = id;
}

/**
 * Lock or unlock an issue's discussion (GraphQL issueSetLocked). Unlike REST's `discussion_locked`,
 * which GitLab silently drops for users who may not administer the issue, this says no: 403.
 */
export async function setIssueDiscussionLock(ctx: ServiceContext, project: ProjectRow, iid: number, locked: boolean) {
  const { db, actor: me } = ctx;
  const subject = await issueSubject(db, await findIssue(db, me, project.id, iid));
  if (!canIssue(me, 'admin_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  await updateIssue(ctx, project, iid, { discussion_locked: locked });
}

/** DELETE /projects/:id/issues/:iid (destroy_issue: Planner or Owner, or an admin). */
/** The issue, once found (404 when hidden) and the actor may delete it (403 otherwise). */
export async function authorizeIssueDestroy(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  const me = requireActor(actor);
  const issue: IssueRow = await findIssue(db, me, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'destroy_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  return issue;
}

export async function deleteIssue(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  const issue = await authorizeIssueDestroy(db, actor, project, iid);
  await db.transaction().execute(async (trx) => {
    const epicIds = await epicIdsDatedBy(trx, { issueIds: [issue.id] });
    await deleteNoteableRecords(trx, 'Issue', issue.id);
    await trx.deleteFrom('issues').where('id', '=', issue.id).execute();
    await publishChange(trx, 'Issue', issue.id, 'deleted');
    await refreshEpicDates(trx, { epicIds });
  });
}
