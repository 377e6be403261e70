import { planTreeReorder, type TreeChildRef } from '@meridian/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { forbidden, unprocessable } from '../../errors';
import { canEpic, canIssue } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { InTransaction, ServiceContext } from '../../service-context';
import { type IssueRow, issueQuery, issueSubject, issueVisibility } from '../issues';
import { recomputeEpicDates } from './epic-dates.service';
import { ancestorChain, assertValidParent } from './epic-hierarchy';
import { reparentEpic } from './epic-parent.service';
import type { EpicRow } from './epic-query';
import { treeChildren, treeMoveUpdates, writeTreePositions } from './epic-sibling-positions';
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
type Trx = Transaction<DB>;

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
 * Puts `moved` among all of `parentId`'s children (both kinds share one position space): after
 * `adjacent` when it ends up above ('before'), before it when it ends up below ('after'), or first
 * when there is no adjacent child (GitLab's move_to_start).
 */
async function place(
  db: Trx,
  parentId: number,
  moved: TreeChildRef,
  adjacent: TreeChildRef | undefined,
  rel: 'before' | 'after' | undefined,
): Promise<void> {
  const children = await treeChildren(db, parentId);
  await writeTreePositions(db, treeMoveUpdates(planTreeReorder(children, moved, adjacent, rel)));
}

/**
 * The child a move lands next to, of either kind: one the actor may read, under `parentId` (the
 * moved item's parent once moved), not the moved item, and one whose relation the actor may admin.
 */
async function adjacentChild(
  db: Trx,
  actor: Actor,
  adjacent: TreeNode,
  moved: TreeChildRef,
  parentId: number,
  reparent: boolean,
): Promise<TreeChildRef> {
  const notFound = () => unprocessable('Adjacent reference not found', 'moved.adjacentReferenceId');
  const wrongParent = () =>
    unprocessable(
      `The sibling object's parent must match the ${reparent ? 'new' : 'current'} parent epic.`,
      'moved.adjacentReferenceId',
    );
  if (adjacent.type === moved.kind && adjacent.id === moved.id)
    throw unprocessable(
      `${moved.kind === 'Epic' ? 'An epic' : 'An issue'} cannot be moved next to itself.`,
      'moved.adjacentReferenceId',
    );
  if (adjacent.type === 'Epic') {
    const epic = await readableEpic(db, actor, adjacent.id);
    if (!epic) throw notFound();
    if (epic.parent_id !== parentId) throw wrongParent();
    if (!adminRelation(actor, epic)) throw unprocessable(NO_PERMISSION);
  } else {
    const link = await readableEpicIssue(db, actor, adjacent.id);
    if (!link) throw notFound();
    if (link.link.epic_id !== parentId) throw wrongParent();
    if (!canIssue(actor, 'admin_issue_relation', await issueSubject(db, link.issue)))
      throw unprocessable(NO_PERMISSION);
  }
  return { kind: adjacent.type, id: adjacent.id };
}

async function reorderEpic(ctx: InTransaction, base: EpicRow, input: TreeReorderInput): Promise<void> {
  const { db, actor } = ctx;
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

  const movedRef: TreeChildRef = { kind: 'Epic', id: moved.id };
  const adjacent = input.adjacent && (await adjacentChild(db, actor, input.adjacent, movedRef, parent.id, reparent));
  if (reparent) {
    await reparentEpic(ctx, moved, parent, { field: 'newParentId', denied: () => unprocessable(NO_PERMISSION) });
  }
  await place(db, parent.id, movedRef, adjacent, input.relativePosition);
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

  const movedRef: TreeChildRef = { kind: 'EpicIssue', id: moved.link.id };
  const adjacent = input.adjacent && (await adjacentChild(db, actor, input.adjacent, movedRef, epic.id, reparent));
  if (reparent) await db.updateTable('epic_issues').set({ epic_id: epic.id }).where('id', '=', moved.link.id).execute();
  await place(db, epic.id, movedRef, adjacent, input.relativePosition);
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
export async function reorderEpicTree(ctx: ServiceContext, input: TreeReorderInput): Promise<void> {
  const { db, actor } = ctx;
  const base = await findEpicById(db, actor, input.baseEpicId);
  if (!adminRelation(actor, base)) throw forbidden();
  if (input.adjacent && input.relativePosition === undefined)
    throw unprocessable('Relative position is not valid.', 'moved.relativePosition');
  await db
    .transaction()
    .execute((trx) =>
      input.moved.type === 'Epic'
        ? reorderEpic({ ...ctx, db: trx }, base, input)
        : reorderEpicIssue(trx, actor, base, input),
    );
}
