import { sql } from 'kysely';
import type { Database } from '../../../db/connection';
import { badRequest, conflict, forbidden, notFound } from '../../../errors';
import { canEpic } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import { requireActor } from '../../../policy/require-actor';
import { type IssueRow, issueQuery, issueVisibility } from '../../issues';
import { refreshEpicDates } from '../epic-dates.service';
import type { EpicRow, Executor } from '../epic-query';
import { moveAmongChildren, positionAfterChildren } from '../epic-sibling-positions';
import { epicSubject, findEpicById } from '../epics.service';

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

/** GitLab's refusal when a public issue would sit in a confidential epic. */
export const CONFIDENTIAL_EPIC_MESSAGE = 'cannot assign a non-confidential issue to a confidential epic';

/** What `setIssueEpic` needs to know about the issue: its id, project hierarchy and confidentiality after the write. */
export type EpicIssueCandidate = Pick<IssueRow, 'id' | 'namespace_traversal_ids' | 'confidential'>;

export interface SetIssueEpicOptions {
  /** The input field errors name: `issue_id` (epic issues API) or `epic_id` (issue update). */
  field: 'issue_id' | 'epic_id';
  /** Assigning an issue to the epic it is already in: 409 (epic issues API) or nothing to do (issue update). */
  sameEpic: 'conflict' | 'ignore';
}

/**
 * The one path that puts an issue into an epic, moves it to another or takes it out (`target`
 * null). Runs inside the caller's transaction. The actor needs admin_epic_relation on the epic the
 * issue joins AND on the epic it leaves (404 when that epic is unreadable, 403 when readable but not
 * allowed); the issue's project must be in the target's group hierarchy and a confidential epic only
 * takes confidential issues (400). Both epics' dates are recomputed. Returns the new link id.
 */
export async function setIssueEpic(
  trx: Executor,
  actor: Actor,
  issue: EpicIssueCandidate,
  target: EpicRow | null,
  opts: SetIssueEpicOptions,
): Promise<number | null> {
  if (target) {
    assertCanAdmin(actor, target);
    if (!issue.namespace_traversal_ids.includes(target.group_id))
      throw badRequest(
        `${opts.field} is invalid: the issue's project is not in the epic's group hierarchy`,
        opts.field,
      );
    if (target.confidential && !issue.confidential)
      throw badRequest(`${opts.field} is invalid: ${CONFIDENTIAL_EPIC_MESSAGE}`, opts.field);
  }
  const existing = await trx
    .selectFrom('epic_issues')
    .select(['id', 'epic_id', 'relative_position'])
    .where('issue_id', '=', issue.id)
    .forUpdate()
    .executeTakeFirst();
  if (target && existing?.epic_id === target.id) {
    if (opts.sameEpic === 'conflict') throw conflict('Issue(s) already assigned');
    return existing.id;
  }
  if (!existing && !target) return null;
  if (existing) {
    // The epic the issue leaves may sit in a group where the actor has no rights (L6).
    const leaving = await findEpicById(trx, actor, existing.epic_id);
    assertCanAdmin(actor, leaving);
    await trx.deleteFrom('epic_issues').where('id', '=', existing.id).execute();
  }
  let linkId: number | null = null;
  if (target) {
    const relativePosition = await positionAfterChildren(trx, target.id);
    const inserted = await trx
      .insertInto('epic_issues')
      .values({ epic_id: target.id, issue_id: issue.id, relative_position: relativePosition })
      .onConflict((oc) => oc.column('issue_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // A concurrent request linked the issue first.
    if (!inserted) throw conflict('Issue(s) already assigned');
    linkId = inserted.id;
  }
  await refreshEpicDates(trx, { epicIds: [existing?.epic_id ?? null, target?.id ?? null] });
  return linkId;
}

/**
 * POST /groups/:id/epics/:epic_iid/issues/:issue_id. An issue belongs to one epic: assigning it
 * elsewhere moves it (through setIssueEpic). 404 unreadable issue, 403 without admin rights on the
 * epic (or on the epic it leaves), 400 when the issue's project is outside the epic's group
 * hierarchy or a confidential epic gets a public issue.
 */
export async function assignIssue(db: Database, actorOrNull: Actor | null, epic: EpicRow, issueId: number) {
  const actor = requireActor(actorOrNull);
  const issue = await issueQuery(db).where('i.id', '=', issueId).where(issueVisibility(actor)).executeTakeFirst();
  if (!issue) throw notFound('Issue');
  const epicIssueId = await db
    .transaction()
    .execute((trx) => setIssueEpic(trx, actor, issue, epic, { field: 'issue_id', sameEpic: 'conflict' }));
  return { epicIssueId: epicIssueId as number, issue };
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
  await db
    .transaction()
    .execute((trx) => setIssueEpic(trx, actor, row, null, { field: 'issue_id', sameEpic: 'ignore' }));
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
  await db.transaction().execute((trx) => moveAmongChildren(trx, 'epic_issues', epic.id, epicIssueId, move));
}
