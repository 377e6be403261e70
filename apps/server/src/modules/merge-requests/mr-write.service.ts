import type { IssuableSnapshot } from '@meridian/domain';
import { isDraftTitle, projectReferenceContext } from '@meridian/domain';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB, MergeRequestsTable } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, conflict, forbidden } from '../../errors';
import { renderMarkdown } from '../../markdown/render-markdown';
import { canProject, PROJECT_ARCHIVED_MESSAGE, projectAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ServiceContext } from '../../service-context';
import { mergeRequestChangeTarget, mergeRequestSnapshot, recordChange } from '../changes';
import { nextIid } from '../internal-ids';
import {
  findOrCreateLabelIds,
  labelIdsOf,
  linkLabels,
  unlinkLabels,
  validAssignees,
  validMilestone,
} from '../issuables';
import { type ProjectRow, projectSubject } from '../namespaces';
import { applySecretPolicy, titleAndDescription } from '../secret-detection';
import { deleteNoteableRecords } from '../system-notes';
import { findMergeRequest, type MergeRequestRow } from './merge-requests.service';
import type { MergeRequestInput } from './mr-input';

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

/** May the actor create merge requests in the project (the rule `createMergeRequest` enforces)? */
export const mayCreateMergeRequests = (actor: Actor | null, project: ProjectRow) =>
  actor !== null && project.merge_requests_enabled && hasLevel(actor, project, AccessLevel.DEVELOPER);

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

/** The ids of a merge request's assignees or reviewers. */
async function userIdsOf(
  trx: Transaction<DB>,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  mergeRequestId: number,
): Promise<number[]> {
  const rows = await trx.selectFrom(table).select('user_id').where('merge_request_id', '=', mergeRequestId).execute();
  return rows.map((r) => r.user_id);
}

/** Applies the label changes of a write; answers the label ids after it. */
async function editLabels(
  trx: Transaction<DB>,
  project: ProjectRow,
  mrId: number,
  input: MergeRequestInput,
): Promise<number[]> {
  if (input.labels !== undefined) await unlinkLabels(trx, 'mergeRequest', mrId);
  const add = [...(input.labels ?? []), ...(input.add_labels ?? [])];
  if (add.length) await linkLabels(trx, 'mergeRequest', mrId, await findOrCreateLabelIds(trx, project, add));
  if (input.remove_labels?.length) await unlinkLabels(trx, 'mergeRequest', mrId, input.remove_labels);
  return labelIdsOf(trx, 'mergeRequest', mrId);
}

/** POST /projects/:id/merge_requests (Developer+). Returns the new iid. */
export async function createMergeRequest(ctx: ServiceContext, project: ProjectRow, input: MergeRequestInput) {
  const { db, actor: me } = ctx;
  requireLevel(me, project, AccessLevel.DEVELOPER);
  if (!project.merge_requests_enabled) throw forbidden();
  await applySecretPolicy(db, titleAndDescription(input));
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
      .returningAll()
      .executeTakeFirstOrThrow();
    const assigneeIds = (await setUsers(trx, project, 'merge_request_assignees', row.id, input.assignee_ids)) ?? [];
    const reviewerIds = (await setUsers(trx, project, 'merge_request_reviewers', row.id, input.reviewer_ids)) ?? [];
    const labelIds =
      input.labels?.length || input.add_labels?.length ? await editLabels(trx, project, row.id, input) : [];
    const after = mergeRequestSnapshot(row, { assigneeIds, reviewerIds, labelIds });
    await recordChange({ ...ctx, db: trx }, mergeRequestChangeTarget(project, row), null, after);
    return row.iid;
  });
}

/** PUT /projects/:id/merge_requests/:iid (Developer+). */
export async function updateMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  input: MergeRequestInput,
): Promise<void> {
  const { db, actor: me } = ctx;
  const mr = await findMergeRequest(db, me, project.id, iid);
  requireLevel(me, project, AccessLevel.DEVELOPER);
  if (input.state_event && mr.state === 'merged') throw new MethodNotAllowedError();
  await applySecretPolicy(db, titleAndDescription(input));
  await withTransaction(db, async (trx) => {
    const changes = await mergeRequestRowChanges(trx, project, mr, input);
    const updated = await trx
      .updateTable('merge_requests')
      .set({ ...changes, updated_at: sql<Date>`now()`, lock_version: sql<number>`lock_version + 1` })
      .where('id', '=', mr.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before: SetSnapshot = {};
    const after: SetSnapshot = {};
    if (input.assignee_ids !== undefined) {
      before.assigneeIds = await userIdsOf(trx, 'merge_request_assignees', mr.id);
      after.assigneeIds = await setUsers(trx, project, 'merge_request_assignees', mr.id, input.assignee_ids);
    }
    if (input.reviewer_ids !== undefined) {
      before.reviewerIds = await userIdsOf(trx, 'merge_request_reviewers', mr.id);
      after.reviewerIds = await setUsers(trx, project, 'merge_request_reviewers', mr.id, input.reviewer_ids);
    }
    if (input.labels !== undefined || input.add_labels?.length || input.remove_labels?.length) {
      before.labelIds = await labelIdsOf(trx, 'mergeRequest', mr.id);
      after.labelIds = await editLabels(trx, project, mr.id, input);
    }
    await recordChange(
      { ...ctx, db: trx },
      mergeRequestChangeTarget(project, { ...updated, hidden: mr.hidden }),
      mergeRequestSnapshot(mr, before),
      mergeRequestSnapshot(updated, after),
    );
  });
}

type SetSnapshot = Pick<IssuableSnapshot, 'labelIds' | 'assigneeIds' | 'reviewerIds'>;

/** The merge request columns an update sets; 400 for a target branch equal to the source branch. */
async function mergeRequestRowChanges(
  trx: Transaction<DB>,
  project: ProjectRow,
  mr: MergeRequestRow,
  input: MergeRequestInput,
): Promise<Updateable<MergeRequestsTable>> {
  const changes: Updateable<MergeRequestsTable> = {};
  if (input.title !== undefined) {
    changes.title = input.title;
    changes.draft = isDraftTitle(input.title);
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
  } else if (input.state_event === 'reopen' && mr.state === 'closed') {
    Object.assign(changes, { state: 'opened', closed_at: null });
  }
  if (input.milestone_id !== undefined) {
    const milestoneId = await validMilestone(trx, project, input.milestone_id);
    if (milestoneId !== undefined) changes.milestone_id = milestoneId;
  }
  return changes;
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
