import { parentLinkProblem, planMove, positionAfterLast, type WorkItemBaseType } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { badRequest, conflict, forbidden } from '../../errors';
import type { Actor } from '../../policy/actor';
import { canWorkItem } from '../../policy/work-item-abilities';
import { type IssueRow, issueSubject } from '../issues';

/**
 * Parent links between issue-backed work items (task under issue or incident; objective or key
 * result under an objective), in `work_item_parent_links`. Epic links go through the epic services.
 */

/** The issues reached from `issueId` through parent links, downwards or upwards, with their depth (the issue itself at 1), capped at 10 levels. */
async function linkWalk(db: Executor, issueId: number, direction: 'down' | 'up') {
  const [from, to] =
    direction === 'down' ? ['parent_issue_id', 'child_issue_id'] : ['child_issue_id', 'parent_issue_id'];
  const { rows } = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE walk(id, depth) AS (
      SELECT ${issueId}::int, 1
      UNION ALL
      SELECT l.${sql.ref(to)}, w.depth + 1 FROM work_item_parent_links l JOIN walk w ON l.${sql.ref(from)} = w.id
      WHERE w.depth < 10
    ) SELECT id, depth FROM walk ORDER BY depth`.execute(db);
  return rows;
}

/** How many levels hang below `issueId` through parent links (1 when it has no children), capped at 10. */
async function subtreeHeight(db: Executor, issueId: number): Promise<number> {
  const rows = await linkWalk(db, issueId, 'down');
  return rows.at(-1)?.depth ?? 1;
}

/** The chain above `issueId`, the issue itself first, capped at 10. */
async function ancestorIds(db: Executor, issueId: number): Promise<number[]> {
  return (await linkWalk(db, issueId, 'up')).map((r) => r.id);
}

async function assertMayAdminLink(db: Database, actor: Actor, issue: IssueRow): Promise<void> {
  if (!canWorkItem(actor, 'admin_parent_link', await issueSubject(db, issue))) throw forbidden();
}

/** The refusal of a link that breaks a hierarchy rule, named as GitLab's hierarchy widget does. */
export function hierarchyError(problem: string) {
  return badRequest(`${problem}`, 'parentId');
}

/**
 * Everything that must hold before `child` goes under `parent` (both issue-backed, both read by the
 * actor): admin_parent_link on both, same project, the type rule, depth, no cycle, confidentiality.
 */
export async function assertIssueLinkAllowed(
  db: Database,
  actor: Actor,
  child: { row: IssueRow | null; type: WorkItemBaseType; confidential: boolean; projectId: number },
  parent: IssueRow,
): Promise<void> {
  await assertMayAdminLink(db, actor, parent);
  if (child.row) await assertMayAdminLink(db, actor, child.row);
  if (parent.project_id !== child.projectId) {
    throw hierarchyError('parent must be in the same project as the child item');
  }
  const chain = await ancestorIds(db, parent.id);
  if (child.row && chain.includes(child.row.id)) throw hierarchyError('it is an ancestor of the parent item');
  const sameTypeDepth = child.type === parent.issue_type ? chain.length : 1;
  const height = child.row && child.type === parent.issue_type ? await subtreeHeight(db, child.row.id) : 1;
  const problem = parentLinkProblem(
    { type: parent.issue_type as WorkItemBaseType, confidential: parent.confidential, depth: sameTypeDepth },
    { type: child.type, confidential: child.confidential, height },
  );
  if (problem) throw hierarchyError(problem);
}

/** The parent issue id of each issue-backed work item of `childIds` that has one: one statement. */
export async function issueParentIds(db: Executor, childIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('work_item_parent_links')
    .select(['child_issue_id', 'parent_issue_id'])
    .where('child_issue_id', 'in', childIds)
    .execute();
  return new Map(rows.map((r) => [r.child_issue_id, r.parent_issue_id]));
}

/** The issue id of the current parent of an issue-backed work item, if any. */
export async function currentIssueParentId(db: Executor, childId: number): Promise<number | null> {
  return (await issueParentIds(db, [childId])).get(childId) ?? null;
}

/** Writes the link (after `assertIssueLinkAllowed`): the child goes last among the parent's children. */
export async function writeIssueParentLink(trx: Executor, childId: number, parentId: number | null): Promise<void> {
  await trx.deleteFrom('work_item_parent_links').where('child_issue_id', '=', childId).execute();
  if (parentId === null) return;
  // Only the last position matters: one aggregate row, however many children the parent has.
  const last = await trx
    .selectFrom('work_item_parent_links')
    .select(sql<number | null>`max(relative_position)`.as('relative_position'))
    .where('parent_issue_id', '=', parentId)
    .executeTakeFirst();
  const position = positionAfterLast([{ id: 0, relative_position: last?.relative_position ?? null }]);
  const inserted = await trx
    .insertInto('work_item_parent_links')
    .values({ child_issue_id: childId, parent_issue_id: parentId, relative_position: position })
    .onConflict((oc) => oc.column('child_issue_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict('Work item already has a parent');
}

/** Where a child goes among its siblings: before or after one of them (GitLab's RelativePositionType). */
export interface ChildPlacement {
  adjacentId: number;
  relativePosition: 'before' | 'after';
}

/** How many siblings a reorder reads at most; a longer list is refused rather than read whole. */
export const MAX_REORDER_SIBLINGS = 1000;

/**
 * Moves the (already linked) child of `parentId` next to its sibling `adjacentId`, rebalancing the
 * siblings' positions when there is no room. 400 when the adjacent item is not a child of the parent.
 */
export async function placeIssueChild(
  trx: Executor,
  parentId: number,
  childId: number,
  placement: ChildPlacement,
): Promise<void> {
  const siblings = await trx
    .selectFrom('work_item_parent_links')
    .select(['child_issue_id as id', 'relative_position'])
    .where('parent_issue_id', '=', parentId)
    .orderBy(sql`relative_position ASC NULLS LAST`)
    .orderBy('child_issue_id')
    .limit(MAX_REORDER_SIBLINGS + 1)
    .execute();
  if (siblings.length > MAX_REORDER_SIBLINGS) {
    throw badRequest(`Only parents of at most ${MAX_REORDER_SIBLINGS} children can be reordered`, 'adjacentWorkItemId');
  }
  if (placement.adjacentId === childId || !siblings.some((s) => s.id === placement.adjacentId)) {
    throw badRequest("The adjacent work item's parent must match the new parent work item.", 'adjacentWorkItemId');
  }
  // planMove's before/after name the neighbour that ends up above (before) or below (after) the child.
  const plan =
    placement.relativePosition === 'after'
      ? planMove(siblings, childId, placement.adjacentId, undefined)
      : planMove(siblings, childId, undefined, placement.adjacentId);
  if ('invalid' in plan) throw badRequest('adjacentWorkItemId is invalid', 'adjacentWorkItemId');
  for (const update of plan.updates) {
    await trx
      .updateTable('work_item_parent_links')
      .set({ relative_position: update.position })
      .where('parent_issue_id', '=', parentId)
      .where('child_issue_id', '=', update.id)
      .execute();
  }
}
