import type { Database } from '../../db/connection';
import { forbidden, unprocessable } from '../../errors';
import { canEpic, canIssue } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { issueSubject } from '../issues/issues.service';
import { type IssueRow, issueQuery, issueVisibility } from '../issues/issues-query';
import { recomputeEpicDates } from './epic-dates.service';
import { ancestorChain, assertValidParent } from './epic-hierarchy';
import type { EpicRow } from './epic-query';
import { movePositions, type Positioned } from './epic-reorder';
import { orderedChildren, writePositions } from './epic-sibling-positions';
import { epicSubject, findEpicById } from './epics.service';

/** A node of an epic tree: a child epic, or an issue's link to its epic (`epic_issues.id`). */
export interface TreeNode {
  type: 'Epic' | 'EpicIssue';
  id: number;
}

/** GitLab's epicTreeReorder input, ids already decoded from their global ids. */
export interface TreeReorderInput {
  baseEpicId: number;
  moved: TreeNode;
  /** The sibling the moved node lands next to; none: the moved node goes first. */
  adjacent?: TreeNode;
  /** Where the ADJACENT node ends up: 'before' = above the moved one, 'after' = below it. */
  relativePosition?: 'before' | 'after';
  /** Move the node under this epic first (a child epic gets a new parent; an issue a new epic). */
  newParentId?: number;
}

const NO_PERMISSION = "You don't have permissions to move the objects.";

/** The transaction the whole move runs in (a Transaction is a Kysely instance). */
type Trx = Database;

/** The epic when it exists and the actor may read it; null otherwise (the two look the same). */
async function readableEpic(db: Trx, actor: Actor, id: number): Promise<EpicRow | null> {
  return findEpicById(db, actor, id).catch(() => null);
}

const adminRelation = (actor: Actor, epic: EpicRow) => canEpic(actor, 'admin_epic_relation', epicSubject(epic));

/** Whether `epicId` is `base` or below it. */
async function inTree(db: Trx, epicId: number, base: EpicRow): Promise<boolean> {
  return (await ancestorChain(db, epicId)).includes(base.id);
}

/** The new parent epic of a move: readable, in `base`'s tree and one whose relations the actor may admin. */
async function newParentInTree(db: Trx, actor: Actor, base: EpicRow, newParentId: number): Promise<EpicRow> {
  const newParent = await readableEpic(db, actor, newParentId);
  if (!newParent) throw unprocessable('New parent epic not found', 'moved.newParentId');
  if (!(await inTree(db, newParent.id, base)))
    throw unprocessable("The new parent epic is not in the base epic's tree.", 'moved.newParentId');
  if (!adminRelation(actor, newParent)) throw unprocessable(NO_PERMISSION);
  return newParent;
}

/**
 * The move: after `adjacent` when it ends up above ('before'), before it when it ends up below
 * ('after'), or first among the siblings when there is no adjacent node (GitLab's move_to_start).
 */
function plan(
  siblings: Positioned[],
  movedId: number,
  adjacentId: number | undefined,
  rel: 'before' | 'after' | undefined,
) {
  if (adjacentId === undefined) {
    const first = siblings.find((s) => s.id !== movedId);
    return first ? movePositions(siblings, movedId, undefined, first.id) : [];
  }
  return rel === 'before'
    ? movePositions(siblings, movedId, adjacentId, undefined)
    : movePositions(siblings, movedId, undefined, adjacentId);
}

async function reorderEpic(db: Trx, actor: Actor, base: EpicRow, input: TreeReorderInput): Promise<void> {
  const moved = await readableEpic(db, actor, input.moved.id);
  if (!moved) throw unprocessable('Moved epic not found', 'moved.id');
  if (moved.parent_id === null || !(await inTree(db, moved.parent_id, base)))
    throw unprocessable("The moved epic is not in the base epic's tree.", 'moved.id');
  const oldParent = await readableEpic(db, actor, moved.parent_id);
  if (!oldParent || !adminRelation(actor, oldParent) || !adminRelation(actor, moved))
    throw unprocessable(NO_PERMISSION);

  let parent = oldParent;
  const reparent = input.newParentId !== undefined && input.newParentId !== moved.parent_id;
  if (reparent) {
    const newParent = await newParentInTree(db, actor, base, input.newParentId as number);
    await assertValidParent(db, moved, newParent, 'newParentId');
    parent = newParent;
  }

  let adjacentId: number | undefined;
  if (input.adjacent) {
    const adjacent = await readableEpic(db, actor, input.adjacent.id);
    if (!adjacent) throw unprocessable('Adjacent reference not found', 'moved.adjacentReferenceId');
    if (adjacent.id === moved.id)
      throw unprocessable('An epic cannot be moved next to itself.', 'moved.adjacentReferenceId');
    if (adjacent.parent_id !== parent.id)
      throw unprocessable(
        `The sibling object's parent must match the ${reparent ? 'new' : 'current'} parent epic.`,
        'moved.adjacentReferenceId',
      );
    if (!adminRelation(actor, adjacent)) throw unprocessable(NO_PERMISSION);
    adjacentId = adjacent.id;
  }

  if (reparent) {
    await db.updateTable('epics').set({ parent_id: parent.id }).where('id', '=', moved.id).execute();
  }
  const siblings = await orderedChildren(db, 'epics', parent.id);
  await writePositions(db, 'epics', plan(siblings, moved.id, adjacentId, input.relativePosition));
  if (reparent) {
    await recomputeEpicDates(db, oldParent.id);
    await recomputeEpicDates(db, parent.id);
  }
}

/** The epic_issues link `id` with its issue, when the actor may read the issue. */
async function readableEpicIssue(
  db: Trx,
  actor: Actor,
  id: number,
): Promise<{ link: { id: number; epic_id: number }; issue: IssueRow } | null> {
  const issue = await issueQuery(db)
    .innerJoin('epic_issues as ei', 'ei.issue_id', 'i.id')
    .select(['ei.id as link_id', 'ei.epic_id as link_epic_id'])
    .where('ei.id', '=', id)
    .where(issueVisibility(actor))
    .executeTakeFirst();
  if (!issue) return null;
  const { link_id, link_epic_id, ...row } = issue;
  return { link: { id: link_id, epic_id: link_epic_id }, issue: row };
}

async function reorderEpicIssue(db: Trx, actor: Actor, base: EpicRow, input: TreeReorderInput): Promise<void> {
  const moved = await readableEpicIssue(db, actor, input.moved.id);
  const oldEpic = moved ? await readableEpic(db, actor, moved.link.epic_id) : null;
  if (!moved || !oldEpic) throw unprocessable('Moved issue not found', 'moved.id');
  if (!(await inTree(db, oldEpic.id, base)))
    throw unprocessable("The moved issue is not in the base epic's tree.", 'moved.id');
  const adminIssue = canIssue(actor, 'admin_issue_relation', await issueSubject(db, moved.issue));
  if (!adminIssue || !adminRelation(actor, oldEpic)) throw unprocessable(NO_PERMISSION);

  let epic = oldEpic;
  const reparent = input.newParentId !== undefined && input.newParentId !== oldEpic.id;
  if (reparent) {
    const newEpic = await newParentInTree(db, actor, base, input.newParentId as number);
    if (!moved.issue.namespace_traversal_ids.includes(newEpic.group_id))
      throw unprocessable(
        "newParentId is invalid: the issue's project is not in the epic's group hierarchy",
        'newParentId',
      );
    if (newEpic.confidential && !moved.issue.confidential)
      throw unprocessable(
        'newParentId is invalid: cannot assign a non-confidential issue to a confidential epic',
        'newParentId',
      );
    epic = newEpic;
  }

  let adjacentId: number | undefined;
  if (input.adjacent) {
    const adjacent = await readableEpicIssue(db, actor, input.adjacent.id);
    if (!adjacent) throw unprocessable('Adjacent reference not found', 'moved.adjacentReferenceId');
    if (adjacent.link.id === moved.link.id)
      throw unprocessable('An issue cannot be moved next to itself.', 'moved.adjacentReferenceId');
    if (adjacent.link.epic_id !== epic.id)
      throw unprocessable(
        `The sibling object's parent must match the ${reparent ? 'new' : 'current'} parent epic.`,
        'moved.adjacentReferenceId',
      );
    if (!canIssue(actor, 'admin_issue_relation', await issueSubject(db, adjacent.issue)))
      throw unprocessable(NO_PERMISSION);
    adjacentId = adjacent.link.id;
  }

  if (reparent) await db.updateTable('epic_issues').set({ epic_id: epic.id }).where('id', '=', moved.link.id).execute();
  const siblings = await orderedChildren(db, 'epic_issues', epic.id);
  await writePositions(db, 'epic_issues', plan(siblings, moved.link.id, adjacentId, input.relativePosition));
  if (reparent) {
    await recomputeEpicDates(db, oldEpic.id);
    await recomputeEpicDates(db, epic.id);
  }
}

/**
 * GitLab's epicTreeReorder: moves a child epic (or an epic's issue) among its siblings in the tree
 * of `baseEpicId`, optionally under a new parent first. The base epic must be readable with
 * admin_epic_relation (Planner and above), else 404 / 403 — the transport hides which. Anything
 * wrong with the moved node, its neighbour or its new parent is a 422 whose message the payload's
 * `errors` carries; a node the actor may not read reads as "not found", like one that never existed.
 */
export async function reorderEpicTree(db: Database, actorOrNull: Actor | null, input: TreeReorderInput): Promise<void> {
  const actor = requireActor(actorOrNull);
  const base = await findEpicById(db, actor, input.baseEpicId);
  if (!adminRelation(actor, base)) throw forbidden();
  if (input.adjacent && input.relativePosition === undefined)
    throw unprocessable('Relative position is not valid.', 'moved.relativePosition');
  if (input.adjacent && input.adjacent.type !== input.moved.type)
    throw unprocessable(
      'The adjacent reference must be of the same type as the moved item.',
      'moved.adjacentReferenceId',
    );
  await db
    .transaction()
    .execute((trx) =>
      input.moved.type === 'Epic' ? reorderEpic(trx, actor, base, input) : reorderEpicIssue(trx, actor, base, input),
    );
}
