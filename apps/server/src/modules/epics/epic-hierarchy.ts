import { sql } from 'kysely';
import { badRequest } from '../../errors';
import type { EpicRow, Executor } from './epic-query';

/** An epic tree may be at most this many levels deep (GitLab's limit). */
export const MAX_EPIC_DEPTH = 7;

/** The ids on the path from `epicId` up to its root, the epic itself first. */
export async function ancestorChain(db: Executor, epicId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM epics WHERE id = ${epicId}
      UNION ALL
      SELECT e.id, e.parent_id, up.depth + 1 FROM epics e JOIN up ON e.id = up.parent_id WHERE up.depth < 50
    )
    SELECT id FROM up ORDER BY depth`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/** Levels in the subtree rooted at `epicId` (1 for an epic without children). */
export async function subtreeHeight(db: Executor, epicId: number): Promise<number> {
  const result = await sql<{ height: number }>`
    WITH RECURSIVE down(id, depth) AS (
      SELECT ${epicId}::int, 1
      UNION ALL
      SELECT e.id, down.depth + 1 FROM epics e JOIN down ON e.parent_id = down.id WHERE down.depth < 50
    )
    SELECT max(depth)::int AS height FROM down`.execute(db);
  return Number(result.rows[0]?.height ?? 1);
}

/**
 * 400 unless `parent` may hold the epic: the parent's group is the epic's group or an ancestor of it,
 * the epic is not the parent or one of its ancestors (no cycle), the tree stays within
 * MAX_EPIC_DEPTH levels, and a confidential parent only holds confidential children.
 * `epic.id` is null for an epic being created.
 */
export async function assertValidParent(
  db: Executor,
  epic: { id: number | null; group_traversal_ids: number[]; confidential: boolean },
  parent: EpicRow,
  field = 'parent_id',
): Promise<void> {
  if (!epic.group_traversal_ids.includes(parent.group_id))
    throw badRequest(`${field} is invalid: the parent epic must belong to the same group or an ancestor group`, field);
  const chain = await ancestorChain(db, parent.id);
  if (epic.id !== null && chain.includes(epic.id))
    throw badRequest(`${field} is invalid: this epic cannot be added because it is an ancestor of the parent`, field);
  const height = epic.id === null ? 1 : await subtreeHeight(db, epic.id);
  if (chain.length + height > MAX_EPIC_DEPTH)
    throw badRequest(`${field} is invalid: epic hierarchy level too deep (maximum ${MAX_EPIC_DEPTH} levels)`, field);
  if (parent.confidential && !epic.confidential)
    throw badRequest(
      `${field} is invalid: a non-confidential epic cannot be assigned to a confidential parent epic`,
      field,
    );
}
