import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { recomputeEpicDates } from '../epics/epic-dates.service';
import type { EpicRow } from '../epics/epic-query';
import { planMove, positionAfterLast } from '../epics/epic-reorder';
import { epicSubject } from '../epics/epics.service';
import { type IssueRow, issueQuery, issueVisibility } from '../issues/issues-query';

export type EpicIssueRow = IssueRow & { epic_issue_id: number; epic_issue_position: number | null };

function epicIssueQuery(db: Database, actor: Actor | null, epicId: number) {
  return issueQuery(db)
    .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
    .select(['ei.id as epic_issue_id', 'ei.relative_position as epic_issue_position'])
    .where('ei.epic_id', '=', epicId)
    .where(issueVisibility(actor));
}

/** The issues of an epic the actor may read, in the epic's order; `total` counts only those. */
export async function listEpicIssues(
  db: Database,
  actor: Actor | null,
  epic: EpicRow,
  page: { limit: number; offset: number },
): Promise<{ rows: EpicIssueRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    epicIssueQuery(db, actor, epic.id)
      .orderBy(sql`ei.relative_position ASC NULLS LAST`)
      .orderBy('ei.id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    issueQuery(db)
      .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .where('ei.epic_id', '=', epic.id)
      .where(issueVisibility(actor))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

function assertCanAdmin(actor: Actor, epic: EpicRow): void {
  if (!canEpic(actor, 'admin_epic_relation', epicSubject(epic))) throw forbidden();
}

/**
 * POST /groups/:id/epics/:epic_iid/issues/:issue_id. An issue belongs to one epic: assigning it
 * elsewhere moves it. 404 unreadable issue, 403 without admin rights on the epic, 400 when the
 * issue's project is outside the epic's group hierarchy or a confidential epic gets a public issue.
 */
export async function assignIssue(db: Database, actorOrNull: Actor | null, epic: EpicRow, issueId: number) {
  const actor = requireActor(actorOrNull);
  const issue = await issueQuery(db).where('i.id', '=', issueId).where(issueVisibility(actor)).executeTakeFirst();
  if (!issue) throw notFound('Issue');
  assertCanAdmin(actor, epic);
  if (!issue.namespace_traversal_ids.includes(epic.group_id))
    throw badRequest("issue_id is invalid: the issue's project is not in the epic's group hierarchy", 'issue_id');
  if (epic.confidential && !issue.confidential)
    throw badRequest('issue_id is invalid: cannot assign a non-confidential issue to a confidential epic', 'issue_id');
  const epicIssueId = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('epic_issues')
      .selectAll()
      .where('issue_id', '=', issue.id)
      .executeTakeFirst();
    if (existing?.epic_id === epic.id) throw conflict('Issue(s) already assigned');
    if (existing) await trx.deleteFrom('epic_issues').where('id', '=', existing.id).execute();
    const siblings = await trx
      .selectFrom('epic_issues')
      .select(['id', 'relative_position'])
      .where('epic_id', '=', epic.id)
      .execute();
    const inserted = await trx
      .insertInto('epic_issues')
      .values({ epic_id: epic.id, issue_id: issue.id, relative_position: positionAfterLast(siblings) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (existing) await recomputeEpicDates(trx, existing.epic_id);
    await recomputeEpicDates(trx, epic.id);
    return inserted.id;
  });
  return { epicIssueId, issue };
}

/** The link `epicIssueId` of this epic whose issue the actor may read, or 404. */
async function findEpicIssue(
  db: Database,
  actor: Actor | null,
  epic: EpicRow,
  epicIssueId: number,
): Promise<EpicIssueRow> {
  const row = await epicIssueQuery(db, actor, epic.id).where('ei.id', '=', epicIssueId).executeTakeFirst();
  if (!row) throw notFound('EpicIssue');
  return row;
}

/** DELETE /groups/:id/epics/:epic_iid/issues/:epic_issue_id. */
export async function removeEpicIssue(db: Database, actorOrNull: Actor | null, epic: EpicRow, epicIssueId: number) {
  const actor = requireActor(actorOrNull);
  const row = await findEpicIssue(db, actor, epic, epicIssueId);
  assertCanAdmin(actor, epic);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('epic_issues').where('id', '=', epicIssueId).execute();
    await recomputeEpicDates(trx, epic.id);
  });
  return row;
}

/** PUT /groups/:id/epics/:epic_iid/issues/:epic_issue_id: move_before_id / move_after_id are epic_issue ids. */
export async function reorderEpicIssue(
  db: Database,
  actorOrNull: Actor | null,
  epic: EpicRow,
  epicIssueId: number,
  move: { move_before_id?: number; move_after_id?: number },
): Promise<void> {
  const actor = requireActor(actorOrNull);
  await findEpicIssue(db, actor, epic, epicIssueId);
  assertCanAdmin(actor, epic);
  await db.transaction().execute(async (trx) => {
    const items = await trx
      .selectFrom('epic_issues')
      .select(['id', 'relative_position'])
      .where('epic_id', '=', epic.id)
      .orderBy(sql`relative_position ASC NULLS LAST`)
      .orderBy('id')
      .execute();
    for (const u of planMove(items, epicIssueId, move.move_before_id, move.move_after_id)) {
      await trx.updateTable('epic_issues').set({ relative_position: u.position }).where('id', '=', u.id).execute();
    }
  });
}
