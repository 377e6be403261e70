import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { groupReadable, projectReadable } from '../../policy/sql-scopes';
import { type GroupRow, groupQuery, type ProjectRow, projectQuery } from '../namespaces';
import { retentionStart, VISIT_TABLES } from './visits.service';

/** GitLab's `MAX_FRECENT_ITEMS`: the "Frequently visited" list holds 5. */
export const MAX_FRECENT_ITEMS = 5;

/**
 * The actor's most frecent items' ids, best first, as GitLab's `Users::Visitable.frecent_visits_scores`:
 * the last 3 months' visits counted per week and item, each week weighted by its rank among the
 * weeks with visits (the latest weighs most), summed per item. Only items `readable` lets the actor
 * see are ranked, so one they lost access to never shows and never takes a place.
 */
function frecentIds(
  db: Database,
  actor: Actor,
  type: keyof typeof VISIT_TABLES,
  now: Date,
): Promise<{ entity_id: number }[]> {
  const table = sql.table(VISIT_TABLES[type]);
  const item =
    type === 'projects'
      ? sql`JOIN projects p ON p.id = w.entity_id JOIN namespaces n ON n.id = p.namespace_id`
      : sql`JOIN namespaces n ON n.id = w.entity_id AND n.type = 'Group'`;
  const readable =
    type === 'projects'
      ? projectReadable(actor, {
          projectId: 'p.id',
          visibility: 'p.visibility_level',
          namespaceTraversalIds: 'n.traversal_ids',
        })
      : groupReadable(actor, { groupId: 'n.id', visibility: 'n.visibility_level', traversalIds: 'n.traversal_ids' });
  return sql<{ entity_id: number }>`
    SELECT w.entity_id FROM (
      SELECT entity_id, COUNT(*) AS week_count, MAX(visited_at) AS last_visit,
        DENSE_RANK() OVER (ORDER BY date_trunc('week', visited_at)) AS week_rank
      FROM ${table}
      WHERE user_id = ${actor.id} AND visited_at > ${retentionStart(now)} AND visited_at <= ${now}
      GROUP BY date_trunc('week', visited_at), entity_id
    ) w
    ${item}
    WHERE ${readable}
    GROUP BY w.entity_id
    ORDER BY SUM(w.week_count * w.week_rank) DESC, MAX(w.last_visit) DESC, w.entity_id
    LIMIT ${MAX_FRECENT_ITEMS}`
    .execute(db)
    .then((r) => r.rows);
}

/** The rows `load` reads for `ids`, in the order of `ids` (the query returns them unordered). */
async function loadInOrder<Row extends { id: number }>(
  ids: { entity_id: number }[],
  load: (entityIds: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await load(ids.map((i) => i.entity_id))).map((r) => [r.id, r]));
  return ids.flatMap(({ entity_id }) => byId.get(entity_id) ?? []);
}

/** GraphQL `frecentProjects`: the signed-in actor's frequently visited projects they may still read. */
export async function frecentProjects(db: Database, actor: Actor, now: Date = new Date()): Promise<ProjectRow[]> {
  const ids = await frecentIds(db, actor, 'projects', now);
  return loadInOrder(ids, (entityIds) => projectQuery(db).where('p.id', 'in', entityIds).execute());
}

/** GraphQL `frecentGroups`: the signed-in actor's frequently visited groups they may still read. */
export async function frecentGroups(db: Database, actor: Actor, now: Date = new Date()): Promise<GroupRow[]> {
  const ids = await frecentIds(db, actor, 'groups', now);
  return loadInOrder(ids, (entityIds) => groupQuery(db).where('n.id', 'in', entityIds).execute());
}
