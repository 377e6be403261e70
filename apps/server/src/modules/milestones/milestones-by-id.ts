import type { ReadRows } from '../../db/combined-reads';
import type { Executor } from '../../db/executor';
import type { MilestoneRow } from './milestones.service';

/** The milestones rows of `ids` (no permission check: callers show only what their item links to), as a batch read. */
export function milestoneRowsByIds(db: Executor, ids: readonly number[], read: ReadRows): Promise<MilestoneRow[]> {
  return read<MilestoneRow>(db.selectFrom('milestones').selectAll().where('id', 'in', ids));
}
