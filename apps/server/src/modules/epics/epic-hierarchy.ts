import { sql } from 'kysely';
import { badRequest, DomainError } from '../../errors';
import type { EpicRow, Executor } from './epic-query';

/** An epic tree may be at most this many levels deep (GitLab's limit). */
export const MAX_EPIC_DEPTH = 7;

/**
 * The depth refusal: a 400 naming the field like the other parent checks, but its own class, so the
 * epic tree's add form (IE §8) can answer GitLab's 409 'Epic hierarchy level too deep'.
 */
export class EpicTooDeepError extends DomainError {
  constructor(field: string) {
    super(
      'bad_request',
      `${field} is invalid: epic hierarchy level too deep (maximum ${MAX_EPIC_DEPTH} levels)`,
      field,
    );
  }
}

/** How far a walk up or down a tree goes at most: far past MAX_EPIC_DEPTH, a guard against cycles in bad data. */
const WALK_LIMIT = 50;

/** One step of an ancestor walk: `id` is the ancestor `depth` levels above `root_id` (1: the parent). */
export interface AncestorLink {
  root_id: number;
  id: number;
  depth: number;
}

/**
 * Every ancestor of each of `epicIds` (one recursive statement for the batch). Each step looks its
 * parent up by primary key in a LATERAL subquery (`LIMIT 1` keeps PostgreSQL from flattening it into
 * a join): it cannot size the recursive term, and as a plain join it hashed every epic (a
 * sequential scan of the table) to climb a few levels from a page of 50.
 */
export async function ancestorLinks(db: Executor, epicIds: readonly number[]): Promise<AncestorLink[]> {
  const result = await sql<AncestorLink>`
    WITH RECURSIVE up(root_id, id, depth) AS (
      SELECT e.id, e.parent_id, 1 FROM epics e WHERE e.id = ANY(${[...epicIds]}::int[]) AND e.parent_id IS NOT NULL
      UNION ALL
      SELECT u.root_id, a.parent_id, u.depth + 1
      FROM up u
      CROSS JOIN LATERAL (SELECT a.parent_id FROM epics a WHERE a.id = u.id AND a.parent_id IS NOT NULL LIMIT 1) a
      WHERE u.depth < ${WALK_LIMIT}
    )
    SELECT root_id, id, depth FROM up`.execute(db);
  return result.rows;
}

/** The ids on the path from `epicId` up to its root, the epic itself first. */
export async function ancestorChain(db: Executor, epicId: number): Promise<number[]> {
  const links = await ancestorLinks(db, [epicId]);
  return [epicId, ...links.sort((a, b) => a.depth - b.depth).map((l) => l.id)];
}

/** Levels in the subtree rooted at `epicId` (1 for an epic without children). */
export async function subtreeHeight(db: Executor, epicId: number): Promise<number> {
  const result = await sql<{ height: number }>`
    WITH RECURSIVE down(id, depth) AS (
      SELECT ${epicId}::int, 1
      UNION ALL
      SELECT e.id, down.depth + 1 FROM epics e JOIN down ON e.parent_id = down.id WHERE down.depth < ${WALK_LIMIT}
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
  if (chain.length + height > MAX_EPIC_DEPTH) throw new EpicTooDeepError(field);
  if (parent.confidential && !epic.confidential)
    throw badRequest(
      `${field} is invalid: a non-confidential epic cannot be assigned to a confidential parent epic`,
      field,
    );
}
