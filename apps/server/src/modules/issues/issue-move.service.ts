import { positionAtEnd, projectReferenceContext } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, forbidden } from '../../errors';
import { renderMarkdown } from '../../markdown/render-markdown';
import { rewriteReferences } from '../../markdown/rewrite-references';
import { canAdminNewIssue, canIssue } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import { requireActor } from '../../policy/require-actor';
import type { IssueSubject } from '../../policy/subjects';
import type { ServiceContext } from '../../service-context';
import { issueChangeTarget, issueSnapshot, recordChange } from '../changes';
import { refreshEpicDates } from '../epics';
import { nextIid } from '../internal-ids';
import { findProject, type IdOrPath, type ProjectRow } from '../namespaces';
import { addSystemNote, issueNoteTarget } from '../system-notes';
import { closeIssueAs } from './issue-closed-as';
import { carryIssueRecords, copyNotes } from './issue-move-copies';
import { findIssue, type IssueRow, issueSubject, projectIssueSubject } from './issues.service';

/** GitLab's Issues::MoveService messages (its MoveError, a 400). */
const NOT_ALLOWED = 'Cannot move issue due to insufficient permissions!';
const SAME_PROJECT = 'Cannot move issue to project it originates from!';

/**
 * Moves issue `iid` of `project` to the target project, as GitLab's Issues::MoveService (REST
 * `POST …/issues/:iid/move`, GraphQL `issueMove`): a new issue there with the title, description,
 * confidentiality, type, dates, weight, health, labels (by title, among the target's), milestone (by
 * title, when the target has one), assignees (who may read it there), epic link, every note with its
 * author, dates and award emoji, the issue's award emoji and time logs, and its related links (moved,
 * not copied); short references in the description and comments are rewritten for the target
 * (`#12` → `group/project#12`, as GitLab's ReferenceRewriter). The original is closed with `moved_to_id` set, and both get a
 * "moved to" / "moved from" system note. One transaction, each side through `recordChange`.
 * A hidden issue or target is 404; without admin_issue on both ends 403; the same project or an
 * issue moved before 400. Answers the new issue.
 */
export async function moveIssue(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  to: IdOrPath,
): Promise<{ project: ProjectRow; issue: IssueRow }> {
  const { db } = ctx;
  const me = requireActor(ctx.actor);
  const issue = await findIssue(db, me, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(me, 'admin_issue', subject)) throw forbidden(NOT_ALLOWED);
  const target = await findProject(db, me, to);
  if (!canAdminNewIssue(me, projectIssueSubject(target))) throw forbidden(NOT_ALLOWED);
  if (target.id === project.id) throw badRequest(SAME_PROJECT);
  if (issue.moved_to_id !== null) throw badRequest(NOT_ALLOWED);
  const contexts = { from: projectReferenceContext(project), to: projectReferenceContext(target) };
  const newIid = await withTransaction(db, async (trx) => {
    const moved = await insertCopy(
      trx,
      issue,
      target,
      rewriteReferences(issue.description, contexts.from, contexts.to),
    );
    const labelIds = await copyLabels(trx, issue.id, moved.id, target);
    const newSubject: IssueSubject = { ...subject, project: projectIssueSubject(target), assigneeIds: [] };
    const assigneeIds = await copyAssignees(trx, issue.id, moved.id, (u) => canIssue(u, 'read_issue', newSubject));
    await moveEpicLink(trx, issue.id, moved.id, target);
    await copyNotes(trx, issue.id, moved.id, target.id, contexts);
    await carryIssueRecords(trx, issue.id, moved.id);
    const writer = { ...ctx, db: trx, actor: me };
    const after = issueSnapshot(moved, { labelIds, assigneeIds });
    await recordChange(writer, issueChangeTarget(target, moved, { ...newSubject, assigneeIds }), null, after);
    await addSystemNote(trx, issueNoteTarget(moved), me.id, `moved from ${project.full_path}#${issue.iid}`, {
      issueIds: [issue.id],
    });
    const closed = await closeIssueAs(trx, issue, me.id, { moved_to_id: moved.id });
    const sets = { labelIds: await labelIdsOf(trx, issue.id), assigneeIds: subject.assigneeIds };
    const before = issueSnapshot(issue, sets);
    await recordChange(writer, issueChangeTarget(project, closed, subject), before, issueSnapshot(closed, sets));
    await addSystemNote(trx, issueNoteTarget(issue), me.id, `moved to ${target.full_path}#${moved.iid}`, {
      issueIds: [moved.id],
    });
    await refreshEpicDates(trx, { issueIds: [moved.id] });
    return moved.iid;
  });
  return { project: target, issue: await findIssue(db, me, target.id, newIid) };
}

/** The new issues row in the target project, at the end of its order. */
async function insertCopy(trx: Transaction<DB>, issue: IssueRow, target: ProjectRow, description: string) {
  const last = await trx
    .selectFrom('issues')
    .select(sql<number | null>`max(relative_position)`.as('max'))
    .where('project_id', '=', target.id)
    .executeTakeFirst();
  const milestone = issue.milestone_id ? await matchingMilestone(trx, issue.milestone_id, target) : null;
  return trx
    .insertInto('issues')
    .values({
      project_id: target.id,
      iid: await nextIid(trx, 'issues', target.id),
      title: issue.title,
      description,
      description_html: renderMarkdown(description, projectReferenceContext(target)),
      author_id: issue.author_id,
      confidential: issue.confidential,
      issue_type: issue.issue_type,
      milestone_id: milestone,
      due_date: issue.due_date,
      start_date: issue.start_date,
      weight: issue.weight,
      health_status: issue.health_status,
      discussion_locked: issue.discussion_locked,
      time_estimate: issue.time_estimate,
      relative_position: positionAtEnd(last?.max ?? null).position,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Where the target's labels and milestones live: the project itself or one of its groups. */
const inTargetScope = (target: ProjectRow) =>
  sql<boolean>`(project_id = ${target.id} OR group_id = ANY(${sql.val(target.namespace_traversal_ids)}::int[]))`;

/** The target's milestone with the title of the issue's milestone, if it has one. */
async function matchingMilestone(trx: Transaction<DB>, milestoneId: number, target: ProjectRow) {
  const found = await trx
    .selectFrom('milestones')
    .select('id')
    .where('title', '=', trx.selectFrom('milestones as m').select('m.title').where('m.id', '=', milestoneId))
    .where(inTargetScope(target))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return found?.id ?? null;
}

const labelIdsOf = async (trx: Transaction<DB>, issueId: number) =>
  (await trx.selectFrom('issue_labels').select('label_id').where('issue_id', '=', issueId).execute()).map(
    (r) => r.label_id,
  );

/** The issue's labels, by title, among the target's labels (the nearest: project first). */
async function copyLabels(trx: Transaction<DB>, fromId: number, toId: number, target: ProjectRow) {
  const rows = await trx
    .selectFrom('labels')
    .select(['id', 'title'])
    .where(
      'title',
      'in',
      trx
        .selectFrom('issue_labels as il')
        .innerJoin('labels as l', 'l.id', 'il.label_id')
        .select('l.title')
        .where('il.issue_id', '=', fromId),
    )
    .where(inTargetScope(target))
    .orderBy(sql`project_id IS NULL`)
    .orderBy('id')
    .execute();
  const byTitle = new Map<string, number>();
  for (const r of rows) if (!byTitle.has(r.title)) byTitle.set(r.title, r.id);
  const ids = [...byTitle.values()];
  if (ids.length)
    await trx
      .insertInto('issue_labels')
      .values(ids.map((label_id) => ({ issue_id: toId, label_id })))
      .execute();
  return ids;
}

/** The issue's epic link goes with it when the epic's group holds the target project. */
async function moveEpicLink(trx: Transaction<DB>, fromId: number, toId: number, target: ProjectRow) {
  await trx
    .updateTable('epic_issues')
    .set({ issue_id: toId })
    .where('issue_id', '=', fromId)
    .where('epic_id', 'in', (eb) =>
      eb
        .selectFrom('epics')
        .select('id')
        .where(sql<boolean>`group_id = ANY(${sql.val(target.namespace_traversal_ids)}::int[])`),
    )
    .execute();
}

/** The issue's assignees who are active and may read the new issue. */
async function copyAssignees(
  trx: Transaction<DB>,
  fromId: number,
  toId: number,
  mayRead: (candidate: Actor) => boolean,
) {
  const rows = await trx.selectFrom('issue_assignees').select('user_id').where('issue_id', '=', fromId).execute();
  const actors = await loadActiveActors(
    trx,
    rows.map((r) => r.user_id),
  );
  const ids = rows
    .map((r) => r.user_id)
    .filter((id) => {
      const actor = actors.get(id);
      return actor !== undefined && mayRead(actor);
    });
  if (ids.length)
    await trx
      .insertInto('issue_assignees')
      .values(ids.map((user_id) => ({ issue_id: toId, user_id })))
      .execute();
  return ids;
}
