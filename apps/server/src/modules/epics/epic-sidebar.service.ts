import { type Selectable, sql } from 'kysely';
import type { MilestonesTable, UsersTable } from '../../db/schema';
import type { Actor } from '../../policy/actor';
import { groupReadable, projectReadable } from '../../policy/sql-scopes';
import { mentionedUsers } from '../mentions';
import { explicitSubscriptions } from '../subscriptions';
import { ancestorLinks } from './epic-hierarchy';
import { type EpicRow, type Executor, epicSelect, epicVisible } from './epic-query';

/**
 * What the epic page's sidebar (IE §2.3) reads beyond the epic row: its ancestors with a placeholder
 * for those the reader may not see, its participants and the milestones its inherited dates come
 * from. Each answers a batch of epics in a fixed number of statements.
 */

/** One step of an epic's ancestor path: `epic` is null when the actor may not read that ancestor. */
export interface AncestorStep {
  root_id: number;
  depth: number;
  epic: EpicRow | null;
}

/**
 * Every ancestor of each of `epicIds`, top-most first, the unreadable ones as placeholders (their
 * title, state and address never leave the server). Two statements.
 */
export async function ancestorPaths(
  db: Executor,
  actor: Actor | null,
  epicIds: readonly number[],
): Promise<AncestorStep[]> {
  const links = await ancestorLinks(db, epicIds);
  const ancestorIds = [...new Set(links.map((l) => l.id))];
  const rows = ancestorIds.length
    ? await epicSelect(db).where(sql<boolean>`e.id = ANY(${ancestorIds}::int[])`).where(epicVisible(actor)).execute()
    : [];
  const readable = new Map(rows.map((r) => [r.id, r]));
  return links
    .sort((a, b) => a.root_id - b.root_id || b.depth - a.depth)
    .map((link) => ({ root_id: link.root_id, depth: link.depth, epic: readable.get(link.id) ?? null }));
}

/** At most this many participants per epic (the connection pages within it). */
export const EPIC_PARTICIPANTS_LIMIT = 100;

export type ParticipantRow = Pick<Selectable<UsersTable>, 'id' | 'username' | 'name' | 'avatar_url' | 'state'> & {
  epic_id: number;
};

/**
 * The people taking part in each epic, as GitLab counts them for epics (which have no assignees):
 * its author, then the authors of its public comments (not system or internal notes) and the users
 * its description and public comments mention (user_mentions), by id; banned users are left out.
 * Who may not read the epic is the caller's to drop (`readableBy`). One statement.
 */
export async function epicParticipants(db: Executor, epicIds: readonly number[]): Promise<ParticipantRow[]> {
  const { rows } = await sql<ParticipantRow>`
    SELECT p.epic_id, u.id, u.username, u.name, u.avatar_url, u.state FROM (
      SELECT epic_id, user_id, min(rank) AS rank FROM (
        SELECT e.id AS epic_id, e.author_id AS user_id, 0 AS rank FROM epics e WHERE e.id = ANY(${[...epicIds]}::int[])
        UNION ALL
        SELECT n.noteable_id, n.author_id, 1 FROM notes n
          WHERE n.noteable_type = 'Epic' AND n.noteable_id = ANY(${[...epicIds]}::int[]) AND NOT n.system AND NOT n.internal
        UNION ALL
        SELECT m.item_id, m.user_id, 1 FROM (${mentionedUsers('Epic', epicIds)}) m
      ) s WHERE user_id IS NOT NULL GROUP BY epic_id, user_id
    ) p
    JOIN users u ON u.id = p.user_id AND u.state <> 'banned'
    ORDER BY p.epic_id, p.rank, u.id`.execute(db);
  const kept = new Map<number, number>();
  return rows.filter((r) => {
    const n = (kept.get(r.epic_id) ?? 0) + 1;
    kept.set(r.epic_id, n);
    return n <= EPIC_PARTICIPANTS_LIMIT;
  });
}

/** Of these milestones, those the actor may read (the milestone's project or group is readable). One statement. */
export function readableMilestones(
  db: Executor,
  actor: Actor | null,
  ids: readonly number[],
): Promise<Array<Selectable<MilestonesTable>>> {
  return db
    .selectFrom('milestones as m')
    .leftJoin('projects as p', 'p.id', 'm.project_id')
    .leftJoin('namespaces as pn', 'pn.id', 'p.namespace_id')
    .leftJoin('namespaces as g', 'g.id', 'm.group_id')
    .selectAll('m')
    .where('m.id', 'in', [...ids])
    .where(
      sql<boolean>`(CASE WHEN m.project_id IS NOT NULL
        THEN ${projectReadable(actor, { projectId: 'p.id', visibility: 'p.visibility_level', namespaceTraversalIds: 'pn.traversal_ids' })}
        ELSE ${groupReadable(actor, { groupId: 'g.id', visibility: 'g.visibility_level', traversalIds: 'g.traversal_ids' })} END)`,
    )
    .execute();
}

/** The actor's pending to-dos on each of `epicIds` (none for anonymous visitors). One statement. */
export async function pendingEpicTodos(
  db: Executor,
  actor: Actor | null,
  epicIds: readonly number[],
): Promise<Array<{ id: number; epic_id: number; state: string }>> {
  if (!actor) return [];
  return db
    .selectFrom('todos')
    .select(['id', 'target_id as epic_id', 'state'])
    .where('user_id', '=', actor.id)
    .where('target_type', '=', 'Epic')
    .where('target_id', 'in', [...epicIds])
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
}

/**
 * Which of `epicIds` the actor gets notifications for: their explicit choice (epics count no
 * implicit participation, as subscriptions.service decides). One statement.
 */
export async function subscribedEpics(
  db: Executor,
  actor: Actor | null,
  epicIds: readonly number[],
): Promise<Map<number, boolean>> {
  if (!actor) return new Map();
  return explicitSubscriptions(db, actor, 'Epic', epicIds);
}
