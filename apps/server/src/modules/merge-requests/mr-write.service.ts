import { assigneesChangedNote, labelsChangedNote, reviewersChangedNote } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, conflict, forbidden } from '../../errors';
import { projectReferenceContext } from '../../markdown/gfm-references';
import { renderMarkdown } from '../../markdown/render-markdown';
import { canProject, PROJECT_ARCHIVED_MESSAGE, projectAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { nextIid } from '../internal-ids/next-iid';
import { findOrCreateLabelIds, validAssignees, validMilestone } from '../issuables/issuable-write';
import { idChanges, labelIdsOf } from '../issuables/owner-links';
import { type ProjectRow, projectSubject } from '../namespaces/namespace-lookup.service';
import { fieldChangeNotes, usersChangedNote } from '../notes/change-notes';
import { addSystemNote, deleteNoteableRecords } from '../notes/noteable-records';
import { mergeRequestNotifyTarget } from '../notifications/notification-target';
import { type NotifyEvent, notify } from '../notifications/notify';
import { applySecretPolicy } from '../secret-detection/secret-policy';
import { findMergeRequest } from './merge-requests.service';
import { isDraftTitle, type MergeRequestInput, readyTitle } from './mr-input';

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Thrown for a state change GitLab refuses with 405 (reopening or closing a merged merge request). */
export class MethodNotAllowedError extends Error {
  constructor() {
    super('405 Method Not Allowed');
  }
}

/**
 * Developer and above (or an admin) may create and edit merge requests; Owner may delete them.
 * An archived project is read-only for everyone.
 */
function requireLevel(actor: Actor, project: ProjectRow, level: number): void {
  if (project.archived) throw forbidden(PROJECT_ARCHIVED_MESSAGE);
  if (!hasLevel(actor, project, level)) throw forbidden();
}

function hasLevel(actor: Actor, project: ProjectRow, level: number): boolean {
  return !project.archived && (actor.admin || projectAccessLevel(actor, projectSubject(project)) >= level);
}

/** May the actor edit the project's merge requests (the rule `updateMergeRequest` enforces)? */
export const mayEditMergeRequests = (actor: Actor, project: ProjectRow) =>
  hasLevel(actor, project, AccessLevel.DEVELOPER);

/** Assignees and reviewers must be active users who can read the merge request (its project, MRs enabled). */
export const mayBeAssignedToMergeRequest = (project: ProjectRow) => (u: Actor) =>
  project.merge_requests_enabled && canProject(u, 'read_project', projectSubject(project));

async function setUsers(
  trx: Transaction<DB>,
  project: ProjectRow,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  mergeRequestId: number,
  ids: number[] | undefined,
): Promise<number[] | undefined> {
  const field = table === 'merge_request_assignees' ? 'assignee_ids' : 'reviewer_ids';
  const valid = await validAssignees(trx, ids, mayBeAssignedToMergeRequest(project), field);
  if (valid === undefined) return undefined;
  await trx.deleteFrom(table).where('merge_request_id', '=', mergeRequestId).execute();
  if (valid.length) {
    await trx
      .insertInto(table)
      .values(valid.map((user_id) => ({ merge_request_id: mergeRequestId, user_id })))
      .execute();
  }
  return valid;
}

/** What a merge request's emails need to know about it (notifications/notification-target.ts). */
function notifyTarget(project: ProjectRow, mr: { id: number; iid: number; title: string }) {
  const subject = {
    ...projectSubject(project),
    name: project.name,
    full_path: project.full_path,
    merge_requests_enabled: project.merge_requests_enabled,
  };
  return mergeRequestNotifyTarget(subject, mr);
}

/** The ids of a merge request's assignees or reviewers. */
async function userIdsOf(
  trx: Transaction<DB>,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  mergeRequestId: number,
): Promise<number[]> {
  const rows = await trx.selectFrom(table).select('user_id').where('merge_request_id', '=', mergeRequestId).execute();
  return rows.map((r) => r.user_id);
}

async function editLabels(trx: Transaction<DB>, project: ProjectRow, mrId: number, input: MergeRequestInput) {
  if (input.labels !== undefined)
    await trx.deleteFrom('merge_request_labels').where('merge_request_id', '=', mrId).execute();
  const add = [...(input.labels ?? []), ...(input.add_labels ?? [])];
  if (add.length) {
    const ids = await findOrCreateLabelIds(trx, project, add);
    await trx
      .insertInto('merge_request_labels')
      .values(ids.map((label_id) => ({ merge_request_id: mrId, label_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (input.remove_labels?.length) {
    await trx
      .deleteFrom('merge_request_labels')
      .where('merge_request_id', '=', mrId)
      .where('label_id', 'in', (eb) =>
        eb
          .selectFrom('labels')
          .select('id')
          .where('title', 'in', input.remove_labels ?? []),
      )
      .execute();
  }
}

const mergeRequestTexts = (input: MergeRequestInput) => [
  { field: 'title', text: input.title },
  { field: 'description', text: input.description },
];

/** POST /projects/:id/merge_requests (Developer+). Returns the new iid. */
export async function createMergeRequest(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: MergeRequestInput,
) {
  const me = requireActor(actor);
  requireLevel(me, project, AccessLevel.DEVELOPER);
  if (!project.merge_requests_enabled) throw forbidden();
  await applySecretPolicy(db, mergeRequestTexts(input));
  const source = input.source_branch ?? '';
  const target = input.target_branch ?? '';
  if (source === target) throw badRequest('source_branch is invalid: must differ from target_branch', 'source_branch');
  const title = input.title ?? '';
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('merge_requests')
      .select('iid')
      .where('project_id', '=', project.id)
      .where('source_branch', '=', source)
      .where('target_branch', '=', target)
      .where('state', '=', 'opened')
      .executeTakeFirst();
    if (existing) throw conflict(`Another open merge request already exists for this source branch: !${existing.iid}`);
    const iid = await nextIid(trx, 'merge_requests', project.id);
    const description = input.description ?? '';
    const milestoneId = await validMilestone(trx, project, input.milestone_id);
    const row = await trx
      .insertInto('merge_requests')
      .values({
        project_id: project.id,
        iid,
        title,
        description,
        description_html: renderMarkdown(description, projectReferenceContext(project)),
        author_id: me.id,
        draft: isDraftTitle(title),
        source_branch: source,
        target_branch: target,
        milestone_id: milestoneId ?? null,
        discussion_locked: input.discussion_locked ?? false,
      })
      .returning(['id', 'iid'])
      .executeTakeFirstOrThrow();
    await setUsers(trx, project, 'merge_request_assignees', row.id, input.assignee_ids);
    await setUsers(trx, project, 'merge_request_reviewers', row.id, input.reviewer_ids);
    await editLabels(trx, project, row.id, input);
    await notify(trx, me, notifyTarget(project, { ...row, title }), { kind: 'new_merge_request', description });
    return row.iid;
  });
}

/** PUT /projects/:id/merge_requests/:iid (Developer+). */
export async function updateMergeRequest(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: MergeRequestInput,
): Promise<void> {
  const me = requireActor(actor);
  const mr = await findMergeRequest(db, me, project.id, iid);
  requireLevel(me, project, AccessLevel.DEVELOPER);
  if (input.state_event && mr.state === 'merged') throw new MethodNotAllowedError();
  await applySecretPolicy(db, mergeRequestTexts(input));
  await withTransaction(db, async (trx) => {
    const changes: Record<string, unknown> = {};
    const notes: string[] = [];
    const addNote = (note: string | null) => {
      if (note) notes.push(note);
    };
    const events: NotifyEvent[] = [];
    if (input.title !== undefined) {
      changes.title = input.title;
      changes.draft = isDraftTitle(input.title);
      if (changes.draft !== mr.draft)
        notes.push(changes.draft ? 'marked this merge request as **draft**' : 'marked this merge request as **ready**');
    }
    if (input.description !== undefined) {
      changes.description = input.description;
      changes.description_html = renderMarkdown(input.description, projectReferenceContext(project));
    }
    if (input.target_branch !== undefined) {
      if (input.target_branch === mr.source_branch) {
        throw badRequest('target_branch is invalid: must differ from source_branch', 'target_branch');
      }
      changes.target_branch = input.target_branch;
    }
    if (input.discussion_locked !== undefined) changes.discussion_locked = input.discussion_locked;
    if (input.state_event === 'close' && mr.state !== 'closed') {
      Object.assign(changes, { state: 'closed', closed_at: new Date() });
      notes.push('closed');
      events.push({ kind: 'close_merge_request' });
    } else if (input.state_event === 'reopen' && mr.state === 'closed') {
      Object.assign(changes, { state: 'opened', closed_at: null });
      notes.push('reopened');
      events.push({ kind: 'reopen_merge_request' });
    }
    if (input.milestone_id !== undefined) {
      const milestoneId = await validMilestone(trx, project, input.milestone_id);
      if (milestoneId !== undefined) changes.milestone_id = milestoneId;
    }
    notes.push(...fieldChangeNotes(mr, changes, 'merge request', readyTitle));
    await trx
      .updateTable('merge_requests')
      .set({ ...changes, updated_at: sql<Date>`now()`, lock_version: sql<number>`lock_version + 1` })
      .where('id', '=', mr.id)
      .execute();
    const previousAssigneeIds =
      input.assignee_ids === undefined ? [] : await userIdsOf(trx, 'merge_request_assignees', mr.id);
    const assigneeIds = await setUsers(trx, project, 'merge_request_assignees', mr.id, input.assignee_ids);
    if (assigneeIds && !sameIds(assigneeIds, previousAssigneeIds)) {
      events.push({ kind: 'reassign_merge_request', previousAssigneeIds, assigneeIds });
      addNote(await usersChangedNote(trx, previousAssigneeIds, assigneeIds, assigneesChangedNote));
    }
    const previousReviewerIds =
      input.reviewer_ids === undefined ? [] : await userIdsOf(trx, 'merge_request_reviewers', mr.id);
    const newReviewerIds = await setUsers(trx, project, 'merge_request_reviewers', mr.id, input.reviewer_ids);
    if (newReviewerIds) addNote(await usersChangedNote(trx, previousReviewerIds, newReviewerIds, reviewersChangedNote));
    const labelsBefore = await labelIdsOf(trx, 'mergeRequest', mr.id);
    await editLabels(trx, project, mr.id, input);
    const labels = idChanges(labelsBefore, await labelIdsOf(trx, 'mergeRequest', mr.id));
    addNote(labelsChangedNote(labels.added, labels.removed));
    for (const note of notes)
      await addSystemNote(trx, { type: 'MergeRequest', id: mr.id, projectId: mr.project_id }, me.id, note);
    const target = notifyTarget(project, { ...mr, title: input.title ?? mr.title });
    for (const event of events) await notify(trx, me, target, event);
  });
}

/** DELETE /projects/:id/merge_requests/:iid (Owner or admin). */
export async function deleteMergeRequest(db: Database, actor: Actor | null, project: ProjectRow, iid: number) {
  const me = requireActor(actor);
  const mr = await findMergeRequest(db, me, project.id, iid);
  requireLevel(me, project, AccessLevel.OWNER);
  await db.transaction().execute(async (trx) => {
    await deleteNoteableRecords(trx, 'MergeRequest', mr.id);
    await trx.deleteFrom('merge_requests').where('id', '=', mr.id).execute();
  });
}
