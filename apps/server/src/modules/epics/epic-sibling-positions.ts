import { positionAfterLast } from '@meridian/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { movePositions, type Positioned } from './epic-reorder';

/** What an epic orders: its child epics (`epics.parent_id`) or its issue links (`epic_issues.epic_id`). */
export type EpicChildTable = 'epics' | 'epic_issues';

/** The positioned children of one epic, in display order (unplaced last, then by id). */
export async function orderedChildren(db: Executor, table: EpicChildTable, epicId: number): Promise<Positioned[]> {
  const parentColumn = table === 'epics' ? 'parent_id' : 'epic_id';
  const { rows } = await sql<Positioned>`SELECT id, relative_position FROM ${sql.table(table)}
    WHERE ${sql.ref(parentColumn)} = ${epicId} ORDER BY relative_position ASC NULLS LAST, id`.execute(db);
  return rows;
}

/** The position that puts a new child after every existing child of the epic. */
export async function positionAfterChildren(db: Executor, table: EpicChildTable, epicId: number): Promise<number> {
  return positionAfterLast(await orderedChildren(db, table, epicId));
}

/** Rewrites positions as planned (one row normally, the whole list on a rebalance). */
export async function writePositions(
  db: Executor,
  table: EpicChildTable,
  updates: ReadonlyArray<{ id: number; position: number }>,
): Promise<void> {
  for (const u of updates) {
    await db.updateTable(table).set({ relative_position: u.position }).where('id', '=', u.id).execute();
  }
}

/** A move_before_id / move_after_id move among an epic's children (REST reorder), or a 400 naming the field. */
export async function moveAmongChildren(
  db: Executor,
  table: EpicChildTable,
  epicId: number,
  movedId: number,
  move: { move_before_id?: number; move_after_id?: number },
): Promise<void> {
  const children = await orderedChildren(db, table, epicId);
  await writePositions(db, table, movePositions(children, movedId, move.move_before_id, move.move_after_id));
}
