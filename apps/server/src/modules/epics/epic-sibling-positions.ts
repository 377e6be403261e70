import {
  type MovePlan,
  orderTreeChildren,
  parseTreeChildKey,
  positionAfterLast,
  type TreeChild,
  type TreeChildKey,
  treeChildKey,
} from '@meridian/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { badRequest } from '../../errors';
import { movePositions } from './epic-reorder';

/**
 * An epic's child epics (`epics.parent_id`) and issue links (`epic_issues.epic_id`) share one
 * position space (GitLab's RelativePositioning across both tables; domain epic-tree/tree-positions).
 */
export type EpicChildTable = 'epics' | 'epic_issues';

const kindOf = (table: EpicChildTable) => (table === 'epics' ? 'Epic' : 'EpicIssue');

/** Every child of one epic, both kinds, whoever may read them (positions are the parent's). */
export async function treeChildren(db: Executor, epicId: number): Promise<TreeChild[]> {
  const { rows } = await sql<TreeChild>`
    SELECT 'Epic' AS kind, e.id, e.relative_position, e.state FROM epics e WHERE e.parent_id = ${epicId}
    UNION ALL
    SELECT 'EpicIssue', ei.id, ei.relative_position, i.state
    FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id WHERE ei.epic_id = ${epicId}`.execute(db);
  return rows;
}

/** The position that puts a new child (of either kind) after every existing child of the epic. */
export async function positionAfterChildren(db: Executor, epicId: number): Promise<number> {
  return positionAfterLast(await treeChildren(db, epicId));
}

/** Writes a move's positions (one row normally, the whole level on a rebalance), each in its table. */
export async function writeTreePositions(
  db: Executor,
  updates: ReadonlyArray<{ id: TreeChildKey; position: number }>,
): Promise<void> {
  for (const u of updates) {
    const { kind, id } = parseTreeChildKey(u.id);
    await db
      .updateTable(kind === 'Epic' ? 'epics' : 'epic_issues')
      .set({ relative_position: u.position })
      .where('id', '=', id)
      .execute();
  }
}

/** The updates of a planned move, or a 400 naming the neighbour field that is wrong. */
export function treeMoveUpdates(plan: MovePlan<TreeChildKey>): Array<{ id: TreeChildKey; position: number }> {
  if ('updates' in plan) return plan.updates;
  throw badRequest(`${plan.invalid.field} is invalid`, plan.invalid.field);
}

/**
 * A move_before_id / move_after_id move (REST reorder, ids of `table`) among ALL of the epic's
 * children, so that the other kind keeps its place around it; or a 400 naming the field.
 */
export async function moveAmongChildren(
  db: Executor,
  table: EpicChildTable,
  epicId: number,
  movedId: number,
  move: { move_before_id?: number; move_after_id?: number },
): Promise<void> {
  const kind = kindOf(table);
  const key = (id: number | undefined) => (id === undefined ? undefined : treeChildKey({ kind, id }));
  const ordered = orderTreeChildren(await treeChildren(db, epicId)).map((c) => ({
    id: treeChildKey(c),
    relative_position: c.relative_position,
  }));
  const moved = key(movedId) as TreeChildKey;
  await writeTreePositions(db, movePositions(ordered, moved, key(move.move_before_id), key(move.move_after_id)));
}
